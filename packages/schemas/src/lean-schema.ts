import type { JsonSchema } from './definition.js';

type Json = Record<string, unknown>;

/**
 * How a schema is written for tools/list, where every byte is paid by every assistant conversation,
 * derived from the tool's full JSON Schema (itself derived from the emitted zod, the one schema form
 * the generator writes: json-schema.ts), on the first tools/list. Inputs keep every property with its description, type, enum, format and `required`;
 * ranges, lengths, item counts, defaults and `additionalProperties: false` are left to the server,
 * which applies the defaults and answers a value out of bounds with an error naming the field and
 * what is allowed. An enum lists its values without `type`. Outputs name their top-level fields
 * and nothing more (see leanOutputSchema).
 */
/**
 * The paging `order_by` every list tool shares: its `field` and `direction` are explained once in
 * the server's instructions, and their enums say the rest, so they carry no description here.
 */
const SHARED_BARE = 'order_by';

function leanType(schema: Json, showNull: boolean, bare = false): Json {
  if (Array.isArray(schema.anyOf)) {
    // A nullable object or array: `anyOf: [schema, { type: 'null' }]`.
    const inner = leanType(schema.anyOf[0] as Json, showNull, bare);
    return showNull ? { anyOf: [inner, { type: 'null' }] } : inner;
  }
  if (Array.isArray(schema.enum)) {
    return { enum: showNull ? schema.enum : schema.enum.filter((v) => v !== null) };
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const base = types.find((t) => t !== 'null') ?? 'null';
  if (base === 'object') {
    const properties: Json = {};
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      const { description, ...rest } = property;
      const lean = leanType(rest, showNull, name === SHARED_BARE);
      properties[name] = bare || description === undefined ? lean : { ...lean, description };
    }
    return {
      type: 'object',
      properties,
      ...(Array.isArray(schema.required) && { required: schema.required }),
    };
  }
  if (base === 'array') return { type: 'array', items: leanType(schema.items as Json, showNull) };
  return {
    type: showNull && types.includes('null') ? [base, 'null'] : base,
    ...(typeof schema.format === 'string' && { format: schema.format }),
  };
}

const leanInputs = new WeakMap<JsonSchema, Partial<Record<'true' | 'false', JsonSchema>>>();

/**
 * The inputSchema of a tool in tools/list; `showNull` false leaves `null` out (add tools). Derived
 * once per schema: tools/list entries read it on every request.
 */
export function leanInputSchema(full: JsonSchema, showNull: boolean): JsonSchema {
  const entry = leanInputs.get(full) ?? {};
  leanInputs.set(full, entry);
  const lean = entry[`${showNull}`] ?? (leanType(full, showNull) as JsonSchema);
  entry[`${showNull}`] = lean;
  return lean;
}

const leanOutputs = new WeakMap<JsonSchema, JsonSchema>();

/**
 * The outputSchema of a list or report tool in tools/list: an object and the names of the fields it
 * always has. Nested records, their field names and all prose are left out (they cost more than half
 * of tools/list); the values themselves show them, and structuredContent always fits. A tool that
 * returns one record declares `{ type: 'object' }` and names the record in its description.
 */
export function leanOutputSchema(full: JsonSchema): JsonSchema {
  const known = leanOutputs.get(full);
  if (known) return known;
  const lean: JsonSchema = {
    type: 'object',
    ...(Array.isArray(full.required) && { required: full.required }),
  };
  leanOutputs.set(full, lean);
  return lean;
}
