import { names, registerToolNames } from '../naming/naming.js';
import type { EnumDef, Field, Model, ObjectDef, Register, Tool, TypeNode } from './types.js';

/** Small builders for model nodes, so emitter tests stay one-liners. */
export const t = {
  string: (extra: Omit<Extract<TypeNode, { kind: 'string' }>, 'kind'> = {}): TypeNode => ({
    kind: 'string',
    ...extra,
  }),
  integer: (extra: { min?: number; max?: number } = {}): TypeNode => ({ kind: 'integer', ...extra }),
  number: (extra: { min?: number; max?: number } = {}): TypeNode => ({ kind: 'number', ...extra }),
  boolean: (): TypeNode => ({ kind: 'boolean' }),
  enum: (values: readonly string[]): TypeNode => ({ kind: 'enum', values }),
  ref: (name: string, target: 'enum' | 'object' = 'object'): TypeNode => ({ kind: 'ref', name, target }),
  array: (items: TypeNode, extra: { minItems?: number; maxItems?: number } = {}): TypeNode => ({
    kind: 'array',
    items,
    ...extra,
  }),
  object: (fields: readonly Field[]): TypeNode => ({ kind: 'object', fields }),
};

/** A field; required, not nullable and described by its name unless overridden. */
export function field(
  name: string,
  type: TypeNode,
  extra: Partial<Omit<Field, 'name' | 'type'>> = {},
): Field {
  return { name, type, description: `The ${name}.`, optional: false, nullable: false, ...extra };
}

/** A read tool named `name` with the given input fields and an inline output. */
export function tool(name: string, extra: Partial<Tool> = {}): Tool {
  return {
    name,
    kind: 'get',
    title: name,
    description: `The ${name} tool.`,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    access: 'read',
    organizationScoped: false,
    uses: [],
    input: [],
    output: { kind: 'object', fields: [] },
    examples: [{ input: {} }],
    invalidExamples: [],
    source: `specs/tools/${name}.yaml`,
    ...extra,
  };
}

export function enumDef(name: string, values: readonly string[]): EnumDef {
  return { name, values, description: `The ${name} enum.`, source: 'specs/types/enums.yaml' };
}

export function objectDef(name: string, fields: readonly Field[], extra: Partial<ObjectDef> = {}): ObjectDef {
  return {
    name,
    fields,
    description: `The ${name} type.`,
    strict: false,
    source: 'specs/types/records.yaml',
    ...extra,
  };
}

/** A model; `typeSources` is derived from the shared definitions when not given. */
export function model(parts: Partial<Model> = {}): Model {
  const enums = parts.enums ?? [];
  const objects = parts.objects ?? [];
  const typeSources = [...new Set([...enums, ...objects].map((d) => d.source))].sort();
  const http = { tags: [], paths: {}, parameters: {}, schemas: {}, sources: [] };
  return { tools: [], errors: [], typeSources, http, registers: [], ...parts, enums, objects };
}

/** A register following the naming: `register('risks', 'risk')` → listRisks, getRisk, addRisk, updateRisk. */
export function register(plural: string, singular: string, extra: Partial<Register> = {}): Register {
  const tools = registerToolNames({ plural, singular });
  return {
    plural,
    singular,
    idPrefix: singular.slice(0, 3),
    table: plural,
    record: names.recordType(singular),
    titleFields: ['name'],
    tools,
    toolNames: [tools.list, tools.get, tools.add, tools.update],
    customHandlers: [],
    links: [],
    archive: false,
    console: { navigation: 1, path: `/registers/${plural}`, columns: ['name'], derivedColumns: {} },
    source: 'specs/registers.yaml',
    ...extra,
  };
}
