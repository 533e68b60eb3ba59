import type { Field, Model, ObjectDef, TypeNode } from '../../model/types.js';

type Json = Record<string, unknown>;

/**
 * How a schema is written for tools/list, where every byte is paid by every assistant conversation.
 * Inputs keep every property with its description, type, enum, format and `required`; ranges,
 * lengths, item counts, defaults and `additionalProperties: false` are left to the server, which
 * applies the defaults and answers a value out of bounds with an error naming the field and what
 * is allowed. Outputs carry no prose and no constraints (see outputObject), with a shared object
 * type that occurs more than once written once under `$defs`.
 */
interface Mode {
  model: Model;
  input: boolean;
  /** Input only: whether `null` is shown where allowed (on add tools null means the same as omitting). */
  showNull?: boolean;
  /** Output only: object types written under `$defs` and referenced. */
  shared: ReadonlySet<string>;
  /** Output only: how many objects deep this schema sits (the root is 0). */
  depth?: number;
}

/** Output objects this deep or deeper name their fields but spell out none of them. */
const MAX_OUTPUT_DEPTH = 1;

function nullable(schema: Json): Json {
  if (Array.isArray(schema.enum))
    return { ...schema, type: [schema.type, 'null'], enum: [...schema.enum, null] };
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

/** Whether a type holds objects (so an output schema spells out its structure). */
function nested({ node, model }: { node: TypeNode; model: Model }): boolean {
  if (node.kind === 'array') return nested({ node: node.items, model });
  return node.kind === 'object' || (node.kind === 'ref' && node.target === 'object');
}

/**
 * An output object names its fields in `required` (every field a record always has) and spells out
 * only the fields that hold objects, one object deep (a list's records, a report's sections, each
 * with its field names); scalar types and enums are what the input schemas and the values show.
 */
function outputObject({ fields, mode }: { fields: readonly Field[]; mode: Mode }): Json {
  const depth = mode.depth ?? 0;
  const properties: Json = {};
  for (const field of fields) {
    if (depth + 1 > MAX_OUTPUT_DEPTH || !nested({ node: field.type, model: mode.model })) continue;
    const schema = type({ node: field.type, mode: { ...mode, depth: depth + 1 } });
    properties[field.name] = field.nullable ? nullable(schema) : schema;
  }
  const out: Json = { type: 'object' };
  if (Object.keys(properties).length > 0) out.properties = properties;
  const required = fields.filter((f) => !f.optional).map((f) => f.name);
  if (required.length > 0) out.required = required;
  return out;
}

function object({ fields, mode }: { fields: readonly Field[]; mode: Mode }): Json {
  if (!mode.input) return outputObject({ fields, mode });
  const properties: Json = {};
  for (const field of fields) {
    const schema = type({ node: field.type, mode });
    properties[field.name] = {
      ...(field.nullable && mode.showNull ? nullable(schema) : schema),
      description: field.description,
    };
  }
  const out: Json = { type: 'object', properties };
  const required = fields.filter((f) => !f.optional).map((f) => f.name);
  if (required.length > 0) out.required = required;
  return out;
}

function type({ node, mode }: { node: TypeNode; mode: Mode }): Json {
  switch (node.kind) {
    case 'string':
      return mode.input && node.format ? { type: 'string', format: node.format } : { type: 'string' };
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
      if (mode.shared.has(node.name)) return { $ref: `#/$defs/${node.name}` };
      return object({ fields: objectDef({ model: mode.model, name: node.name }).fields, mode });
    }
  }
}

/**
 * How often each object type is spelled out (with its nested fields) in an output schema, and how
 * deep it first sits: what `$defs` can share.
 */
function countObjectRefs({
  node,
  model,
  counts,
  depth,
}: {
  node: TypeNode;
  model: Model;
  counts: Map<string, { count: number; depth: number }>;
  depth: number;
}) {
  const fieldsOf = (fields: readonly Field[]) => {
    if (depth + 1 > MAX_OUTPUT_DEPTH) return;
    for (const f of fields) countObjectRefs({ node: f.type, model, counts, depth: depth + 1 });
  };
  if (node.kind === 'array') countObjectRefs({ node: node.items, model, counts, depth });
  else if (node.kind === 'object') fieldsOf(node.fields);
  else if (node.kind === 'ref' && node.target === 'object') {
    const seen = counts.get(node.name);
    counts.set(node.name, { count: (seen?.count ?? 0) + 1, depth: seen?.depth ?? depth });
    fieldsOf(objectDef({ model, name: node.name }).fields);
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
  return object({ fields, mode: { model, input: true, showNull, shared: new Set() } });
}

/** The outputSchema of a tool in tools/list. */
export function leanOutputSchema({ node, model }: { node: TypeNode; model: Model }): Json {
  const counts = new Map<string, { count: number; depth: number }>();
  countObjectRefs({ node, model, counts, depth: 0 });
  const shared = new Set([...counts].filter(([, n]) => n.count > 1).map(([name]) => name));
  const mode: Mode = { model, input: false, shared, depth: 0 };
  // The root is an object, never a reference: tools/list requires `type: "object"` at the top.
  const root =
    node.kind === 'ref' && node.target === 'object'
      ? object({ fields: objectDef({ model, name: node.name }).fields, mode })
      : type({ node, mode });
  if (shared.size === 0) return root;
  const $defs: Json = {};
  for (const name of [...shared].sort()) {
    const depth = counts.get(name)?.depth ?? 0;
    $defs[name] = object({ fields: objectDef({ model, name }).fields, mode: { ...mode, depth } });
  }
  return { ...root, $defs };
}
