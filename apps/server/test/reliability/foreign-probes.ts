import { type ToolName, tools } from '@comply/schemas';
import { asSchema, isIdField, mainType, type PropertySchema } from './json-schema.js';
import { minimalInput } from './minimal-input.js';
import { type Tenant, tenantId } from './tenants.js';

/** One call of `caller` that names one of `owner`'s ids (or cursors) in `field`. */
export interface ForeignProbe {
  tool: ToolName;
  /** The dotted path of the foreign value, as an error would name it. */
  field: string;
  input: Record<string, unknown>;
}

function idProbes({
  tool,
  base,
  caller,
  owner,
}: {
  tool: ToolName;
  base: Record<string, unknown>;
  caller: Tenant;
  owner: Tenant;
}) {
  const probes: ForeignProbe[] = [];
  const properties = asSchema(tools[tool].inputJsonSchema).properties ?? {};
  const foreignValue = (field: string, schema: PropertySchema) => {
    const id = tenantId({ tenant: owner, tool, field });
    if (!id) return undefined;
    return mainType(schema) === 'array' ? [id] : id;
  };
  for (const [name, schema] of Object.entries(properties)) {
    if (isIdField(name)) {
      const value = foreignValue(name, schema);
      if (value !== undefined) probes.push({ tool, field: name, input: { ...base, [name]: value } });
      continue;
    }
    const item = schema.items;
    if (mainType(schema) !== 'array' || item?.type !== 'object') continue;
    // Ids inside list items, e.g. addMeasure's controls[].framework_id.
    for (const [inner, innerSchema] of Object.entries(item.properties ?? {})) {
      if (!isIdField(inner)) continue;
      const value = foreignValue(inner, innerSchema);
      if (value === undefined) continue;
      const own = minimalInput({ tool, label: 'x', ids: (kind) => caller.ids.get(kind)?.[0] });
      const ownItem = { ...((own[name] as unknown[] | undefined)?.[0] as object), [inner]: value };
      probes.push({ tool, field: `${name}.0.${inner}`, input: { ...base, [name]: [ownItem] } });
    }
  }
  return probes;
}

/**
 * Every way `caller` can name `owner`'s data in a call of `tool`: the organization, each id field
 * (top level and inside list items), the record id with and without organization_id, and a
 * cursor `owner` was given.
 */
export function foreignProbes({ tool, caller, owner }: { tool: ToolName; caller: Tenant; owner: Tenant }) {
  const base = minimalInput({ tool, label: 'probe', ids: (kind) => caller.ids.get(kind)?.[0] });
  const probes = idProbes({ tool, base, caller, owner });
  const properties = asSchema(tools[tool].inputJsonSchema).properties ?? {};
  if (properties.id && properties.organization_id) {
    const foreignId = tenantId({ tenant: owner, tool, field: 'id' });
    probes.push({
      tool,
      field: 'id',
      input: { ...base, id: foreignId, organization_id: caller.member.organizationId },
    });
  }
  const cursor = owner.cursors.get(tool);
  if (cursor) probes.push({ tool, field: 'cursor', input: { ...base, cursor } });
  return { base, probes };
}
