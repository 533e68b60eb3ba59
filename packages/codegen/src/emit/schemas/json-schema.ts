import type { Field, Model, TypeNode } from '../../model/types.js';

type Json = Record<string, unknown>;

/** Lookups for inlining shared types; JSON Schemas are self-contained (no $ref). */
export interface JsonSchemaContext {
  model: Model;
  input: boolean;
}

/** JSON Schema (draft 2020-12 subset) of an object made of `fields`. */
export function objectJsonSchema(a: {
  fields: readonly Field[];
  strict: boolean;
  ctx: JsonSchemaContext;
}): Json {
  const properties: Json = {};
  for (const f of a.fields) properties[f.name] = fieldJsonSchema({ field: f, ctx: a.ctx });
  const required = a.fields.filter((f) => !f.optional).map((f) => f.name);
  const out: Json = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  if (a.strict) out.additionalProperties = false;
  return out;
}

function fieldJsonSchema(a: { field: Field; ctx: JsonSchemaContext }): Json {
  const { field } = a;
  let schema = typeJsonSchema({ type: field.type, ctx: a.ctx });
  if (field.nullable) schema = nullable(schema);
  schema = { ...schema, description: field.description };
  if (field.default !== undefined) schema.default = field.default;
  return schema;
}

function nullable(schema: Json): Json {
  if (Array.isArray(schema.enum))
    return { ...schema, type: [schema.type, 'null'], enum: [...schema.enum, null] };
  if (typeof schema.type === 'string' && schema.type !== 'object' && schema.type !== 'array') {
    return { ...schema, type: [schema.type, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/** JSON Schema of one type node, with shared types inlined. */
export function typeJsonSchema(a: { type: TypeNode; ctx: JsonSchemaContext }): Json {
  const { type, ctx } = a;
  switch (type.kind) {
    case 'string':
      return defined({
        type: 'string',
        format: type.format,
        minLength: type.minLength,
        maxLength: type.maxLength,
      });
    case 'integer':
    case 'number':
      return defined({ type: type.kind, minimum: type.min, maximum: type.max });
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...type.values] };
    case 'array':
      return defined({
        type: 'array',
        items: typeJsonSchema({ type: type.items, ctx }),
        minItems: type.minItems,
        maxItems: type.maxItems,
      });
    case 'object':
      return objectJsonSchema({ fields: type.fields, strict: ctx.input, ctx });
    case 'ref': {
      const en = ctx.model.enums.find((e) => e.name === type.name);
      if (en) return { type: 'string', enum: [...en.values] };
      const obj = ctx.model.objects.find((o) => o.name === type.name);
      if (!obj) throw new Error(`Unknown type ${type.name} (validation should have caught it)`);
      return objectJsonSchema({ fields: obj.fields, strict: ctx.input || obj.strict, ctx });
    }
  }
}

function defined(o: Json): Json {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
