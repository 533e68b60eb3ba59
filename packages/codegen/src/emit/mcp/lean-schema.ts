import type { Field, Model, ObjectDef, TypeNode } from '../../model/types.js';

type Json = Record<string, unknown>;

/**
 * How a schema is written for tools/list, where every byte is paid by every assistant conversation.
 * Inputs keep every property with its description, type, enum, format and `required`; ranges,
 * lengths, item counts, defaults and `additionalProperties: false` are left to the server, which
 * applies the defaults and answers a value out of bounds with an error naming the field and what
 * is allowed. Outputs name their top-level fields and nothing more (see leanOutputSchema).
 */
interface Mode {
  model: Model;
  /** Whether `null` is shown where allowed (on add tools null means the same as omitting). */
  showNull: boolean;
}

function nullable(schema: Json): Json {
  // An enum lists its values (no `type`); null joins them.
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  if (typeof schema.type === 'string' && schema.type !== 'object' && schema.type !== 'array') {
    return { ...schema, type: [schema.type, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

function objectDef({ model, name }: { model: Model; name: string }): ObjectDef {
  const found = model.objects.find((o) => o.name === name);
  if (!found) throw new Error(`Unknown type ${name} (validation should have caught it)`);
  return found;
}

function requiredOf(fields: readonly Field[]): Json {
  const required = fields.filter((f) => !f.optional).map((f) => f.name);
  return required.length > 0 ? { required } : {};
}

/**
 * The paging `order_by` every list tool shares: its `field` and `direction` are explained once in
 * the server's instructions, and their enums say the rest, so they carry no description here.
 */
const SHARED_BARE = 'order_by';

function object({
  fields,
  mode,
  bare = false,
}: {
  fields: readonly Field[];
  mode: Mode;
  bare?: boolean;
}): Json {
  const properties: Json = {};
  for (const field of fields) {
    const schema =
      field.name === SHARED_BARE && field.type.kind === 'object'
        ? object({ fields: field.type.fields, mode, bare: true })
        : type({ node: field.type, mode });
    const shown = field.nullable && mode.showNull ? nullable(schema) : schema;
    properties[field.name] = bare ? shown : { ...shown, description: field.description };
  }
  return { type: 'object', properties, ...requiredOf(fields) };
}

function type({ node, mode }: { node: TypeNode; mode: Mode }): Json {
  switch (node.kind) {
    case 'string':
      return node.format ? { type: 'string', format: node.format } : { type: 'string' };
    case 'integer':
    case 'number':
      return { type: node.kind };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { enum: [...node.values] };
    case 'array':
      return { type: 'array', items: type({ node: node.items, mode }) };
    case 'object':
      return object({ fields: node.fields, mode });
    case 'ref': {
      const en = mode.model.enums.find((e) => e.name === node.name);
      if (en) return { enum: [...en.values] };
      return object({ fields: objectDef({ model: mode.model, name: node.name }).fields, mode });
    }
  }
}

/** The inputSchema of a tool in tools/list; `showNull` false leaves `null` out (add tools). */
export function leanInputSchema({
  fields,
  model,
  showNull,
}: {
  fields: readonly Field[];
  model: Model;
  showNull: boolean;
}): Json {
  return object({ fields, mode: { model, showNull } });
}

/**
 * The outputSchema of a tool in tools/list: an object and the names of the fields it always has.
 * Nested records, their field names and all prose are left out (they cost more than half of
 * tools/list); the values themselves show them, and structuredContent always fits.
 */
export function leanOutputSchema({ fields }: { fields: readonly Field[] }): Json {
  return { type: 'object', ...requiredOf(fields) };
}
