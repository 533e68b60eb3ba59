import { z } from 'zod';
import type { SpecFile, SpecPath } from '../load/load.js';
import { names, registerToolNames } from '../naming/naming.js';
import { builtinTypes } from './catalog.js';
import { refsOf } from './rules/types.js';
import {
  fieldMap,
  type RawField,
  type RawRegisters,
  type RawTool,
  type RawTypes,
  rawField,
  rawRegisterEntry,
  rawToolExamples,
  rawTypesSchema,
} from './shape.js';

/**
 * `specs/registers/<plural>.yaml`: everything a register declares, once. Its catalog entry, its
 * record and enums, and its four plain tools in compact form; the generator expands it into the
 * same catalog entry, shared types and tool specs as the long form (a `specs/tools/*.yaml` per tool),
 * so the emitters never see the difference. Like Payload's collection config: one declaration,
 * the list/get/add/update operations derived from it.
 */
const toolPart = { title: z.string().min(1), description: z.string().optional(), ...rawToolExamples };
export const rawRegisterFileSchema = z.strictObject({
  /** The register's place in the catalog's canonical order (organization counts, storage, console). */
  order: z.int().positive(),
  ...rawRegisterEntry.shape,
  /** Tools of the register beyond its plain four, each declared in `specs/tools/<name>.yaml`. */
  tools: z.array(z.string().min(1)).default([]),
  enums: rawTypesSchema.shape.enums,
  types: rawTypesSchema.shape.types,
  record: z.strictObject({
    name: z
      .string()
      .regex(/^[A-Z][A-Za-z0-9]*$/)
      .optional(),
    description: z.string().optional(),
    fields: fieldMap,
  }),
  list: z.strictObject({
    ...toolPart,
    /** The type of the listed items when it is not the record (a summary of it). */
    item_type: z.string().min(1).optional(),
    order_by: z.strictObject({
      fields: z.array(z.string()).min(1),
      default: z.strictObject({ field: z.string(), direction: z.string() }),
    }),
    filters: fieldMap.default({}),
  }),
  get: z.strictObject({ ...toolPart, fields: fieldMap.default({}) }),
  add: z.strictObject({ ...toolPart, fields: fieldMap }),
  /** A string is the description of the add tool's field of that name, made optional and without its default. */
  update: z.strictObject({ ...toolPart, fields: z.record(z.string(), z.union([z.string(), rawField])) }),
});
export type RawRegisterFile = z.output<typeof rawRegisterFileSchema>;

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const annotationsOf = {
  list: readOnly,
  get: readOnly,
  add: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  update: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
} as const;

const idString = { type: 'string', min_length: 1, max_length: 100 };
/** The fields every register tool of a kind takes, before (`head`) and after (`tail`) its own. */
function standardFields(a: { singular: string; idPrefix: string }) {
  const organization: RawField = { ...idString, description: 'From listOrganizations.' };
  const optionalOrganization: RawField = { ...idString, optional: true, description: 'Optional.' };
  const kind = a.singular.replace(/_/g, ' ');
  const id: RawField = {
    ...idString,
    description: `${kind.charAt(0).toUpperCase()}${kind.slice(1)} id (${a.idPrefix}_…).`,
  };
  return {
    list: { head: { organization_id: organization }, tail: {} as Record<string, RawField> },
    get: { head: { id, organization_id: optionalOrganization }, tail: {} },
    add: {
      head: { organization_id: organization },
      tail: {
        idempotency_key: {
          type: 'string',
          optional: true,
          min_length: 1,
          max_length: 200,
          description: 'Retry key: a repeat returns the first record.',
        },
      },
    },
    update: {
      head: { id, organization_id: optionalOrganization },
      tail: {
        expected_updated_at: {
          type: 'string',
          format: 'date-time',
          optional: true,
          description: 'updated_at as read; CONFLICT if changed since.',
        },
      },
    },
  } satisfies Record<string, { head: Record<string, RawField>; tail: Record<string, RawField> }>;
}

/**
 * What `archive: true` derives: the record's `archived_at` and its list's `archived` filter, the
 * same in every archivable register (so tools/list pays a few bytes per list tool, no new shape).
 */
const ARCHIVED_AT: RawField = {
  type: 'string',
  format: 'date-time',
  nullable: true,
  description: 'When it was archived (archiveRecord); null while active.',
};
const ARCHIVED_FILTER: RawField = {
  type: 'boolean',
  optional: true,
  description: 'true: archived records only. Default: active only.',
};

/** The head fields, then the tool's own, then the tail; a field of the tool's own with a standard name replaces it in place. */
function withStandard(
  std: { head: Record<string, RawField>; tail: Record<string, RawField> },
  own: Record<string, RawField>,
): Record<string, RawField> {
  const out: Record<string, RawField> = {};
  for (const [k, v] of Object.entries(std.head)) out[k] = own[k] ?? v;
  for (const [k, v] of Object.entries(own)) if (!(k in std.tail)) out[k] = v;
  for (const [k, v] of Object.entries(std.tail)) out[k] = own[k] ?? v;
  return out;
}

/** An update field: the add tool's field of that name, optional and without default, described anew. */
function patchField(add: Record<string, RawField>, name: string, f: string | RawField): RawField {
  if (typeof f !== 'string') return f;
  const base = add[name];
  const { default: _default, ...rest } = base ?? { type: 'unknown' };
  return { ...rest, optional: true, description: f };
}

function usesOf(fields: Record<string, RawField>, extra: readonly string[]): string[] {
  return [...new Set([...refsOf(fields).filter((t) => !builtinTypes.has(t)), ...extra])];
}

/** A spec standing for part of a register file: its lines are looked up under `prefix` there. */
function partOf(spec: SpecFile, data: unknown, map: (path: SpecPath) => SpecPath): SpecFile {
  return { file: spec.file, role: spec.role, data, lineOf: (path, key) => spec.lineOf(map(path), key) };
}

export interface ExpandedRegister {
  plural: string;
  order: number;
  entry: RawRegisters['registers'][string];
  types: { spec: SpecFile; value: RawTypes };
  tools: { spec: SpecFile; value: RawTool }[];
}

/** The long form of one register file: its catalog entry, its shared types and its four tool specs. */
export function expandRegisterFile(spec: SpecFile, r: RawRegisterFile): ExpandedRegister {
  const plural = spec.file.replace(/^.*\//, '').replace(/\.yaml$/, '');
  const names4 = registerToolNames({ plural, singular: r.singular });
  const record = r.record.name ?? names.recordType(r.singular);
  const itemType = r.list.item_type ?? record;
  const std = standardFields({ singular: r.singular, idPrefix: r.id_prefix });
  if (r.archive) std.list.tail = { archived: ARCHIVED_FILTER };
  const { order, enums, types, record: rec, list, get, add, update, tools: more, ...entry } = r;
  const recordFields =
    r.archive && !rec.fields.archived_at ? { ...rec.fields, archived_at: ARCHIVED_AT } : rec.fields;
  const typesValue: RawTypes = {
    ...(enums && { enums }),
    types: {
      ...types,
      [record]: {
        ...(rec.description !== undefined && { description: rec.description }),
        fields: recordFields,
      },
    },
  };
  const typesSpec = partOf(spec, typesValue, (p) =>
    p[0] === 'types' && p[1] === record ? ['record', ...p.slice(2)] : p,
  );
  const addInput = withStandard(std.add, add.fields);
  const updateOwn = Object.fromEntries(
    Object.entries(update.fields).map(([k, f]) => [k, patchField(add.fields, k, f)]),
  );
  const { item_type: _itemType, order_by, filters, ...listPart } = list;
  const tool = (
    kind: 'list' | 'get' | 'add' | 'update',
    part: { title: string; description?: string | undefined } & Pick<
      RawTool,
      'examples' | 'invalid_examples'
    >,
    input: Record<string, RawField>,
    own: string,
    extra: Partial<RawTool> = {},
  ): { spec: SpecFile; value: RawTool } => {
    const output = kind === 'list' ? undefined : { type: record };
    const value: RawTool = {
      name: names4[kind],
      kind,
      title: part.title,
      ...(part.description !== undefined && { description: part.description }),
      annotations: { ...annotationsOf[kind] },
      uses: usesOf(input, [kind === 'list' ? itemType : record]),
      input,
      ...(output && { output }),
      examples: part.examples,
      invalid_examples: part.invalid_examples,
      ...extra,
    };
    const toolSpec = partOf(spec, value, (p) => {
      if (p[0] === 'input') return [kind, own, ...p.slice(1)];
      if (p[0] === 'pagination') return [kind, 'order_by', ...p.slice(3)];
      return [kind, ...p];
    });
    return { spec: toolSpec, value };
  };
  return {
    plural,
    order,
    entry: { ...entry, tools: [...Object.values(names4), ...more] },
    types: { spec: typesSpec, value: typesValue },
    tools: [
      tool('list', listPart, withStandard(std.list, filters), 'filters', {
        pagination: { items: plural, item_type: itemType, order_by },
      }),
      tool('get', get, withStandard(std.get, get.fields), 'fields'),
      tool('add', add, addInput, 'fields'),
      tool('update', update, withStandard(std.update, updateOwn), 'fields'),
    ],
  };
}
