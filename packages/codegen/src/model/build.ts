import { names, registerToolNames } from '../naming/naming.js';
import type { Catalog, ToolDecl } from '../validate/catalog.js';
import { refsOf } from '../validate/rules/types.js';
import type { RawField } from '../validate/shape.js';
import type {
  EnumDef,
  Field,
  Model,
  ObjectDef,
  Paging,
  Register,
  Tool,
  ToolPaging,
  TypeNode,
} from './types.js';

/** Turns a validated catalog into the model. Assumes validation found no problems. */
export function buildModel(catalog: Catalog): Model {
  const enums: EnumDef[] = [...catalog.enums.values()]
    .map((e) => ({ name: e.name, description: e.description ?? '', values: e.values, source: e.spec.file }))
    .sort(byName);
  const objects: ObjectDef[] = orderObjects(catalog).map((o) => ({
    name: o.name,
    description: o.description ?? '',
    strict: o.strict,
    fields: toFields(catalog, o.fields),
    source: o.spec.file,
  }));
  const errors = [...catalog.errors.entries()].map(([code, e]) => ({
    code,
    status: e.status,
    description: e.description ?? '',
  }));
  const tools = catalog.tools.map((decl) => toTool(catalog, decl)).sort(byName);
  const typeSources = [
    ...new Set([...catalog.enums.values(), ...catalog.objects.values()].map((d) => d.spec.file)),
  ];
  for (const e of catalog.errors.values()) typeSources.push(e.spec.file);
  if (catalog.pagination) typeSources.push(catalog.pagination.spec.file);
  if (catalog.registers?.raw.counts) typeSources.push(catalog.registers.spec.file);
  const http = {
    tags: catalog.openapi.flatMap((o) => o.raw.tags),
    paths: Object.assign({}, ...catalog.openapi.map((o) => o.raw.paths)),
    parameters: Object.assign({}, ...catalog.openapi.map((o) => o.raw.parameters)),
    schemas: Object.assign({}, ...catalog.openapi.map((o) => o.raw.schemas)),
    sources: catalog.openapi.map((o) => o.spec.file).sort(),
  };
  return {
    tools,
    enums,
    objects,
    errors,
    http,
    typeSources: [...new Set(typeSources)].sort(),
    ...(catalog.pagination && { paging: toPaging(catalog, catalog.pagination.raw) }),
    registers: toRegisters(catalog),
  };
}

function toPaging(catalog: Catalog, page: NonNullable<Catalog['pagination']>['raw']): Paging {
  return {
    input: toFields(catalog, page.input),
    orderBy: {
      description: page.order_by.description.trim(),
      fieldDescription: page.order_by.field_description,
      directionDescription: page.order_by.direction_description,
    },
    output: toFields(catalog, page.output),
  };
}

/** The catalog's registers in catalog order; names of the plain tools follow the register's. */
function toRegisters(catalog: Catalog): Register[] {
  if (!catalog.registers) return [];
  const { raw, spec, specs } = catalog.registers;
  return Object.entries(raw.registers).map(([plural, r]) => {
    const tools = registerToolNames({ plural, singular: r.singular });
    const get = catalog.tools.find((t) => t.raw.name === tools.get)?.raw.output;
    return {
      plural,
      singular: r.singular,
      idPrefix: r.id_prefix,
      table: r.table,
      record: get && 'type' in get ? get.type : names.recordType(r.singular),
      titleFields: r.title,
      tools,
      toolNames: r.tools,
      customHandlers: r.custom_handlers,
      links: r.links,
      archive: r.archive,
      console: {
        navigation: r.console.navigation,
        path: r.console.path ?? `/registers/${plural}`,
        columns: r.console.columns,
        derivedColumns: r.console.derived_columns,
      },
      source: (specs[plural] ?? spec).file,
    };
  });
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Objects sorted by name, then moved so that each comes after the types it references. */
function orderObjects(catalog: Catalog) {
  const sorted = [...catalog.objects.values()].sort(byName);
  const done = new Set<string>();
  const out: typeof sorted = [];
  const visit = (o: (typeof sorted)[number]) => {
    if (done.has(o.name)) return;
    done.add(o.name);
    for (const ref of refsOf(o.fields)) {
      const dep = catalog.objects.get(ref);
      if (dep) visit(dep);
    }
    out.push(o);
  };
  sorted.forEach(visit);
  return out;
}

function toFields(catalog: Catalog, raw: Record<string, RawField>): Field[] {
  return Object.entries(raw).map(([name, f]) => toField({ catalog, name, f }));
}

function toField(a: { catalog: Catalog; name: string; f: RawField }): Field {
  const { f } = a;
  const out: Field = {
    name: a.name,
    description: (f.description ?? '').trim(),
    type: toType(a.catalog, f),
    optional: f.optional === true || f.default !== undefined,
    nullable: f.nullable === true,
  };
  if (f.default !== undefined) out.default = f.default;
  return out;
}

function toType(catalog: Catalog, f: RawField): TypeNode {
  const defined = <T extends object>(o: T): T =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  switch (f.type) {
    case 'string':
      if (f.enum) return { kind: 'enum', values: f.enum };
      return defined({ kind: 'string', format: f.format, minLength: f.min_length, maxLength: f.max_length });
    case 'integer':
    case 'number':
      return defined({ kind: f.type, min: f.min, max: f.max });
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      return defined({
        kind: 'array',
        items: toType(catalog, f.items ?? { type: 'string' }),
        minItems: f.min_items,
        maxItems: f.max_items,
      });
    case 'object':
      return { kind: 'object', fields: toFields(catalog, f.fields ?? {}) };
    default:
      return { kind: 'ref', name: f.type, target: catalog.enums.has(f.type) ? 'enum' : 'object' };
  }
}

function toTool(catalog: Catalog, decl: ToolDecl): Tool {
  const { raw, spec } = decl;
  const input = toFields(catalog, raw.input ?? {});
  let output: Tool['output'];
  let pagination: ToolPaging | undefined;
  if (raw.kind === 'list' && raw.pagination && catalog.pagination) {
    const p = raw.pagination;
    pagination = {
      items: p.items,
      itemType: p.item_type,
      orderFields: p.order_by.fields,
      orderDefault: { field: p.order_by.default.field, direction: p.order_by.default.direction },
    };
    const items: Field = {
      name: p.items,
      description: `The ${p.items} on this page, in order_by order.`,
      type: { kind: 'array', items: { kind: 'ref', name: p.item_type, target: 'object' } },
      optional: false,
      nullable: false,
    };
    output = { kind: 'object', fields: [items] };
  } else if (raw.output && 'type' in raw.output) {
    output = { kind: 'ref', name: raw.output.type, target: 'object' };
  } else {
    output = { kind: 'object', fields: toFields(catalog, raw.output?.fields ?? {}) };
  }
  const write = raw.kind === 'add' || raw.kind === 'update' || raw.kind === 'action';
  const uses = [...raw.uses];
  if (raw.kind === 'list' && !uses.includes('SortDirection')) uses.push('SortDirection');
  return {
    name: raw.name,
    kind: raw.kind,
    title: raw.title,
    description: (raw.description ?? '').trim(),
    annotations: raw.annotations,
    access: write ? 'write' : 'read',
    ...(raw.self_attestation && { selfAttestation: true as const }),
    organizationScoped: input.some((f) => f.name === 'organization_id'),
    uses: uses.sort(),
    input,
    output,
    ...(pagination && { pagination }),
    examples: raw.examples.map(({ title, input }) => ({ ...(title && { title }), input })),
    invalidExamples: raw.invalid_examples.map(({ title, input, field }) => ({
      ...(title && { title }),
      input,
      field,
    })),
    source: spec.file,
  };
}
