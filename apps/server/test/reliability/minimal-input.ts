import { type ToolName, tools } from '@comply/schemas';
import { asSchema, isIdField, kindOfIdField, mainType, type PropertySchema } from './json-schema.js';

/** Resolves an id field to a record id: `kind` is `risk` for `risk_ids`, the tool's noun for `id`. */
export type IdLookup = (kind: string) => string | undefined;

/**
 * The record kind a tool's noun names: `getNonconformity` → `nonconformity`, `getControlTest` →
 * `control_test`, `listRisks` → undefined, `archiveRecord` → `risk`.
 */
export function toolKind(name: string): string | undefined {
  // archiveRecord and restoreRecord take the id of any archivable register's record: a risk's.
  if (name === 'archiveRecord' || name === 'restoreRecord') return 'risk';
  const noun = /^(?:get|add|update)([A-Z]\w*)$/.exec(name)?.[1];
  // Snake case, as id fields name a kind: getControlTest → `control_test`, as in `control_test_id`.
  return noun?.replace(/[A-Z]/g, (letter, at: number) => `${at ? '_' : ''}${letter.toLowerCase()}`);
}

/** The kind of record an id field of `tool` refers to. */
export function kindOf({ tool, field }: { tool: string; field: string }): string | undefined {
  if (field === 'organization_id') return 'organization';
  return field === 'id' ? toolKind(tool) : kindOfIdField(field);
}

function minimalString({
  schema,
  label,
  field,
}: {
  schema: PropertySchema;
  label: string;
  field: string;
}): string {
  switch (schema.format) {
    case 'date':
      // An expiry must lie ahead (acceptRisk's expires_on); other dates may be past.
      return field.startsWith('expires') ? '2099-12-31' : '2026-01-15';
    case 'date-time':
      return '2026-01-15T10:00:00.000Z';
    case 'uri':
      return 'https://example.test/evidence';
    case 'email':
      return 'someone@example.test';
    default:
      return label.slice(0, schema.maxLength ?? 200).padEnd(schema.minLength ?? 0, 'x');
  }
}

function minimal({
  schema,
  field,
  tool,
  label,
  ids,
}: {
  schema: PropertySchema;
  field: string;
  tool: string;
  label: string;
  ids: IdLookup;
}): unknown {
  const enumValue = schema.enum?.find((v) => v !== null);
  if (enumValue !== undefined) return enumValue;
  switch (mainType(schema)) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      // The one required boolean (a control's `applicable`) needs nothing more when true.
      return true;
    case 'array': {
      const item = minimal({ schema: schema.items ?? {}, field, tool, label, ids });
      return Array.from({ length: schema.minItems ?? 0 }, () => item);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        out[name] = minimal({ schema: schema.properties?.[name] ?? {}, field: name, tool, label, ids });
      }
      return out;
    }
    default: {
      // A control named by its code (updateControlApplicability's controls[].code).
      if (field === 'code' && ids('control')) return ids('control');
      const kind = isIdField(field) ? kindOf({ tool, field }) : undefined;
      const id = kind ? ids(kind) : undefined;
      return id ?? minimalString({ schema, label, field });
    }
  }
}

/**
 * Fields an add tool's schema leaves optional that a record made by hand still needs: a `name`
 * (addFramework: required unless the framework comes from the library) and a `content`
 * (addDocumentVersion: Markdown, or else a vault file by `evidence_id`).
 */
const HAND_MADE = ['name', 'content'];

/** The smallest input `tool` accepts: its required fields (and HAND_MADE ones), ids taken from `ids`. */
export function minimalInput({
  tool,
  label,
  ids,
}: {
  tool: ToolName;
  label: string;
  ids: IdLookup;
}): Record<string, unknown> {
  const schema = asSchema(tools[tool].inputJsonSchema);
  const extra = tool.startsWith('add')
    ? HAND_MADE.filter((field) => schema.properties?.[field] && !schema.required?.includes(field))
    : [];
  const required = [...(schema.required ?? []), ...extra];
  return minimal({ schema: { ...schema, required }, field: '', tool, label, ids }) as Record<string, unknown>;
}
