import { z } from 'zod';
import type { JsonSchema } from './definition.js';

type Json = Record<string, unknown>;
type Schema = z.core.$ZodType;

/**
 * The JSON Schema of a zod schema, as MCP (inputSchema/outputSchema) and OpenAPI publish it. zod is
 * the one schema form the generator emits, with each field's description in it (`.describe()`);
 * this derives the rest. On top of `z.toJSONSchema` it writes the schema the way Comply always has:
 * no `$schema`; `additionalProperties: false` only on strict objects (inputs), not on the outputs;
 * formats without the `pattern` zod adds beside them; integers without the safe-integer bounds zod
 * adds when the spec sets none; a nullable scalar or enum as `type: [t, 'null']` (an enum lists
 * `null` too), a nullable object or array as `anyOf: [schema, {type: 'null'}]`; and every schema's
 * keywords in one order (type and its constraints, then `description`, then `default`).
 *
 * `refs` (for OpenAPI, where shared types are components) names schemas written as
 * `{$ref, description}` instead of inline; the keys are zod schemas, the values the `$ref`.
 */
export function deriveJsonSchema(
  schema: Schema,
  options: { io: 'input' | 'output'; refs?: ReadonlyMap<Schema, string> },
): JsonSchema {
  const { refs } = options;
  const refOf = (s: Schema): string | undefined => {
    for (let at: Schema | undefined = s; at; at = at._zod.parent) {
      const ref = refs?.get(at);
      if (ref !== undefined) return ref;
    }
    return undefined;
  };
  const json = z.toJSONSchema(schema, {
    io: options.io,
    unrepresentable: 'throw',
    override: (ctx) => {
      const node = ctx.jsonSchema as Json;
      const at: Schema = ctx.zodSchema;
      const ref = refs && at !== schema ? refOf(at) : undefined;
      if (ref !== undefined) {
        const { description } = node;
        for (const key of Object.keys(node)) delete node[key];
        node.$ref = ref;
        if (description !== undefined) node.description = description;
        return;
      }
      const def = ctx.zodSchema._zod.def as { type: string; catchall?: unknown };
      if (def.type === 'object' && def.catchall === undefined) delete node.additionalProperties;
      delete node.pattern;
      if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
      if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
    },
  }) as Json;
  delete json.$schema;
  return tidy(json) as JsonSchema;
}

const cache = new WeakMap<Schema, Partial<Record<'input' | 'output', JsonSchema>>>();

/** `deriveJsonSchema` once per schema and direction: the tool registry's JSON Schemas. */
export function jsonSchemaOf(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const entry = cache.get(schema) ?? {};
  cache.set(schema, entry);
  entry[io] ??= deriveJsonSchema(schema, { io });
  return entry[io];
}

/** Keyword order of every schema; keywords not named here follow, as zod wrote them. */
const ORDER = [
  '$ref',
  'anyOf',
  'type',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  'description',
  'default',
];

function tidy(node: Json): Json {
  let out: Json = { ...node };
  if (Array.isArray(out.anyOf)) out.anyOf = out.anyOf.map((s) => tidy(s as Json));
  if (out.items && typeof out.items === 'object') out.items = tidy(out.items as Json);
  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, Json>).map(([k, v]) => [k, tidy(v)]),
    );
  }
  out = collapseNullable(out);
  const ordered: Json = {};
  for (const key of ORDER) if (key in out) ordered[key] = out[key];
  for (const [key, value] of Object.entries(out)) if (!(key in ordered)) ordered[key] = value;
  return ordered;
}

/** `anyOf: [scalar or enum, {type: 'null'}]` as one schema whose type (and enum) admit null. */
function collapseNullable(node: Json): Json {
  const anyOf = node.anyOf as Json[] | undefined;
  if (anyOf?.length !== 2 || anyOf[1]?.type !== 'null' || Object.keys(anyOf[1]).length !== 1) return node;
  const [inner] = anyOf as [Json];
  if (typeof inner.type !== 'string' || inner.type === 'object' || inner.type === 'array') return node;
  const { anyOf: _, ...rest } = node;
  return {
    ...inner,
    type: [inner.type, 'null'],
    ...(Array.isArray(inner.enum) && { enum: [...inner.enum, null] }),
    ...rest,
  };
}
