import { orderByField } from '../../model/paging.js';
import type { Field, Model, ObjectDef, Tool, TypeNode } from '../../model/types.js';
import { names } from '../../naming/naming.js';
import { Call, ConstRef, Merge, Raw, Spread } from '../literal.js';

type Json = Record<string, unknown>;

/**
 * A schema, or the constant holding a shared object type's schema. Constants are referenced as JS
 * values, so the runtime objects stay self-contained JSON Schema (no `$ref`) as MCP clients expect.
 */
export type JsonSchemaValue = Json | ConstRef;

/** Lookups for shared enums (inlined) and object types (referenced by constant). */
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

/**
 * The schema of a shared object type, emitted once as its constant. Built in the type's own context
 * (`strict` types are the input types, as validation ensures), like its zod schema.
 */
export function sharedObjectJsonSchema(a: { object: ObjectDef; model: Model }): Json {
  const { object } = a;
  return objectJsonSchema({
    fields: object.fields,
    strict: object.strict,
    ctx: { model: a.model, input: object.strict },
  });
}

/** A tool's input and output JSON Schemas: the MCP inputSchema/outputSchema and the OpenAPI bodies. */
export function toolJsonSchemas(a: { model: Model; tool: Tool }): {
  input: Json;
  output: JsonSchemaValue;
} {
  const { model, tool } = a;
  const input = objectJsonSchema({ fields: tool.input, strict: true, ctx: { model, input: true } });
  const output =
    tool.output.kind === 'ref'
      ? typeJsonSchema({ type: tool.output, ctx: { model, input: false } })
      : objectJsonSchema({ fields: tool.output.fields, strict: false, ctx: { model, input: false } });
  const { paging } = model;
  const p = tool.pagination;
  if (!paging || !p || output instanceof ConstRef) return { input, output };
  // The shared paging by reference: its constants spread after the tool's own properties.
  const pageJson = pagingJsonSchemas(model);
  const orderBy = { field: p.orderDefault.field, direction: p.orderDefault.direction };
  const call = new Call(
    new ConstRef(names.orderByJsonSchema),
    [[...p.orderFields], orderBy],
    fieldJsonSchema({ field: orderByField(paging, p), ctx: { model, input: true } }),
  );
  input.properties = new Merge([
    input.properties as Json,
    { spread: new ConstRef(names.pageInputJsonProperties), value: pageJson.input.properties as Json },
    { order_by: call },
  ]);
  output.properties = new Merge([
    output.properties as Json,
    { spread: new ConstRef(names.pageOutputJsonProperties), value: pageJson.output.properties as Json },
  ]);
  output.required = [
    ...((output.required as string[]) ?? []),
    ...((pageJson.output.required as string[]) ?? []),
  ];
  return { input, output };
}

/**
 * The shared paging's JSON Schemas: the input and output properties every list tool adds, and
 * `order_by` with its field list and default left as the parameters `fields` and `byDefault`.
 */
export function pagingJsonSchemas(model: Model): { input: Json; output: Json; orderBy: Json } {
  const paging = model.paging;
  if (!paging) throw new Error('The model has no paging (validation should have caught it)');
  const ctx = { model, input: true };
  const orderBy = fieldJsonSchema({
    field: orderByField(paging, {
      items: '',
      itemType: '',
      orderFields: [],
      orderDefault: { field: '', direction: '' },
    }),
    ctx,
  }) as Json;
  const properties = orderBy.properties as Record<string, Json>;
  return {
    input: objectJsonSchema({ fields: paging.input, strict: true, ctx }),
    output: objectJsonSchema({ fields: paging.output, strict: false, ctx: { model, input: false } }),
    orderBy: {
      ...orderBy,
      properties: { ...properties, field: { ...properties.field, enum: new Raw('[...fields]') } },
      default: new Raw('byDefault'),
    },
  };
}

function fieldJsonSchema(a: { field: Field; ctx: JsonSchemaContext }): Json | Spread {
  const { field } = a;
  let schema = typeJsonSchema({ type: field.type, ctx: a.ctx });
  if (field.nullable) schema = nullable(schema);
  const extra: Json = { description: field.description };
  if (field.default !== undefined) extra.default = field.default;
  return schema instanceof ConstRef ? new Spread(schema, extra) : { ...schema, ...extra };
}

function nullable(schema: JsonSchemaValue): JsonSchemaValue {
  if (schema instanceof ConstRef) return { anyOf: [schema, { type: 'null' }] };
  if (Array.isArray(schema.enum))
    return { ...schema, type: [schema.type, 'null'], enum: [...schema.enum, null] };
  if (typeof schema.type === 'string' && schema.type !== 'object' && schema.type !== 'array') {
    return { ...schema, type: [schema.type, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/** JSON Schema of one type node: shared enums inlined, shared object types by their constant. */
export function typeJsonSchema(a: { type: TypeNode; ctx: JsonSchemaContext }): JsonSchemaValue {
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
      if (ctx.input && !obj.strict)
        throw new Error(
          `Type ${type.name} is used in an input but not strict (validation should have caught it)`,
        );
      return new ConstRef(names.sharedJsonSchema(obj.name));
    }
  }
}

function defined(o: Json): Json {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
