import { z } from 'zod';
import type { SpecFile } from '../load/load.js';
import type { Diagnostic } from './diagnostic.js';

/** A field as written in YAML. `description` is optional here so a dedicated rule can report it. */
export interface RawField {
  type: string;
  description?: string | undefined;
  optional?: boolean | undefined;
  nullable?: boolean | undefined;
  default?: unknown;
  format?: 'date' | 'date-time' | 'email' | 'uri' | undefined;
  enum?: string[] | undefined;
  min?: number | undefined;
  max?: number | undefined;
  min_length?: number | undefined;
  max_length?: number | undefined;
  min_items?: number | undefined;
  max_items?: number | undefined;
  items?: RawField | undefined;
  fields?: Record<string, RawField> | undefined;
}

const count = z.int().nonnegative().optional();
export const rawField: z.ZodType<RawField> = z.lazy(() =>
  z.strictObject({
    type: z.string().min(1),
    description: z.string().optional(),
    optional: z.boolean().optional(),
    nullable: z.boolean().optional(),
    default: z.unknown().optional(),
    format: z.enum(['date', 'date-time', 'email', 'uri']).optional(),
    enum: z.array(z.string()).min(1).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    min_length: count,
    max_length: count,
    min_items: count,
    max_items: count,
    items: rawField.optional(),
    fields: z.record(z.string(), rawField).optional(),
  }),
);
export const fieldMap = z.record(z.string(), rawField);
const exampleInput = z.record(z.string(), z.unknown());

/** A tool's `examples` and `invalid_examples`. */
export const rawToolExamples = {
  examples: z.array(z.strictObject({ title: z.string().min(1).optional(), input: exampleInput })).default([]),
  invalid_examples: z
    .array(
      z.strictObject({ title: z.string().min(1).optional(), input: exampleInput, field: z.string().min(1) }),
    )
    .default([]),
};

export const rawToolSchema = z.strictObject({
  name: z.string().min(1),
  kind: z.enum(['list', 'get', 'add', 'update', 'report', 'action']),
  title: z.string().min(1),
  description: z.string().optional(),
  annotations: z.strictObject({
    readOnlyHint: z.boolean(),
    destructiveHint: z.boolean(),
    idempotentHint: z.boolean(),
    openWorldHint: z.boolean(),
  }),
  uses: z.array(z.string()).default([]),
  self_attestation: z.boolean().optional(),
  pagination: z
    .strictObject({
      items: z.string().min(1),
      item_type: z.string().min(1),
      order_by: z.strictObject({
        fields: z.array(z.string()).min(1),
        default: z.strictObject({ field: z.string(), direction: z.string() }),
      }),
    })
    .optional(),
  input: fieldMap.nullable().default({}),
  output: z
    .union([z.strictObject({ type: z.string().min(1) }), z.strictObject({ fields: fieldMap })])
    .optional(),
  ...rawToolExamples,
});
export type RawTool = z.output<typeof rawToolSchema>;

export const rawTypesSchema = z.strictObject({
  enums: z
    .record(
      z.string(),
      z.strictObject({ description: z.string().optional(), values: z.array(z.string()).min(1) }),
    )
    .optional(),
  types: z
    .record(
      z.string(),
      z.strictObject({
        description: z.string().optional(),
        strict: z.boolean().optional(),
        fields: fieldMap,
      }),
    )
    .optional(),
  errors: z
    .record(
      z.string(),
      z.strictObject({ status: z.int().min(400).max(599), description: z.string().optional() }),
    )
    .optional(),
  pagination: z
    .strictObject({
      input: fieldMap,
      output: fieldMap,
      order_by: z.strictObject({
        description: z.string(),
        field_description: z.string(),
        direction_description: z.string(),
      }),
    })
    .optional(),
});
export type RawTypes = z.output<typeof rawTypesSchema>;

const operation = z.record(z.string(), z.unknown());
/** `specs/openapi/*.yaml`: OpenAPI 3.1 paths (and their schemas) of the endpoints that are not tools. */
export const rawOpenApiSchema = z.strictObject({
  tags: z.array(z.strictObject({ name: z.string().min(1), description: z.string().min(1) })).default([]),
  paths: z.record(
    z.string().regex(/^\//, 'must start with /'),
    z.partialRecord(z.enum(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']), operation),
  ),
  parameters: z.record(z.string(), operation).default({}),
  schemas: z.record(z.string(), operation).default({}),
});
export type RawOpenApi = z.output<typeof rawOpenApiSchema>;

/** One register's catalog entry. */
export const rawRegisterEntry = z.strictObject({
  singular: z.string().regex(/^[a-z][a-z_]*$/, 'must be lower-case snake_case such as `risk`'),
  id_prefix: z.string().regex(/^[a-z]{2,5}$/, 'must be 2 to 5 lower-case letters'),
  table: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a lower-case SQL table name'),
  title: z.array(z.string().min(1)).min(1),
  tools: z.array(z.string().min(1)).min(1),
  custom_handlers: z.array(z.string().min(1)).default([]),
  links: z.array(z.string().min(1)).default([]),
  /** Records can be archived and restored (archiveRecord, restoreRecord); the table has `archived_at`. */
  archive: z.boolean().default(false),
  console: z.strictObject({
    navigation: z.int().positive(),
    path: z
      .string()
      .regex(/^\/[a-z0-9/_-]*$/)
      .optional(),
    columns: z.array(z.string().min(1)).min(1),
    derived_columns: z.record(z.string(), z.string().min(1)).default({}),
  }),
});

/** `specs/registers.yaml`: the register catalog, one entry per register, keyed by its plural. */
export const rawRegistersSchema = z.strictObject({
  counts: z
    .strictObject({ type: z.string().regex(/^[A-Z][A-Za-z0-9]*$/), description: z.string().min(1) })
    .optional(),
  /** Registers declared here in long form; a register file (`specs/registers/<plural>.yaml`) adds its own. */
  registers: z
    .record(
      z.string().regex(/^[a-z][a-z_]*$/, 'must be a lower-case plural such as `risks`'),
      rawRegisterEntry,
    )
    .default({}),
});
export type RawRegisters = z.output<typeof rawRegistersSchema>;

/** Checks one file against the spec format; every mismatch becomes a SPEC_SHAPE diagnostic. */
export function checkShape<T>(
  spec: SpecFile,
  schema: z.ZodType<T>,
): { value?: T; diagnostics: Diagnostic[] } {
  const result = schema.safeParse(spec.data ?? {});
  if (result.success) return { value: result.data, diagnostics: [] };
  const diagnostics = result.error.issues.map((issue): Diagnostic => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const where = path.length > 0 ? path.join('.') : '(top level)';
    if (issue.code === 'unrecognized_keys') {
      const key = issue.keys[0] ?? '';
      return {
        code: 'SPEC_SHAPE',
        file: spec.file,
        line: spec.lineOf([...path, key], true),
        message: `The key \`${key}\` at \`${where}\` is not part of the spec format.`,
        fix: 'Remove the key or correct its spelling (see specs/README.md).',
      };
    }
    return {
      code: 'SPEC_SHAPE',
      file: spec.file,
      line: spec.lineOf(path),
      message: `The value at \`${where}\` is invalid: ${issue.message.replace(/\.$/, '')}.`,
      fix: 'Write the value in the form specs/README.md describes.',
    };
  });
  return { diagnostics };
}
