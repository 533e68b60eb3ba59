import type { FormField } from './registry.js';

/** What a form input holds: text, a checkbox, a set of picked values, or rows of a group. */
export type Raw = string | boolean | string[] | RawRow[] | RawRow;
export type RawRow = { [name: string]: Raw };

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the browser's time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form input of a field, from a record's value (edit) or the field's default (add). */
export function rawOf(field: FormField, value: unknown): Raw {
  const v = value === undefined ? field.default : value;
  switch (field.kind) {
    case 'boolean':
      return v === true;
    case 'ids':
    case 'enums':
      return Array.isArray(v) ? v.map(String) : [];
    case 'strings':
      return Array.isArray(v) ? v.map(String).join('\n') : '';
    case 'objects':
      return Array.isArray(v) ? v.map((row) => rowOf(field.fields ?? [], row)) : [];
    case 'object':
      return rowOf(field.fields ?? [], v);
    case 'date-time':
      return typeof v === 'string' ? toLocalInput(v) : '';
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

function rowOf(fields: readonly FormField[], value: unknown): RawRow {
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f.name, rawOf(f, record[f.name])]));
}

/**
 * The tool input of a field: undefined leaves it out, null clears it. Numbers that do not parse are
 * sent as typed, so the server's validation names the field.
 */
export function inputOf(field: FormField, raw: Raw): unknown {
  switch (field.kind) {
    case 'boolean':
      return raw === true;
    case 'ids':
    case 'enums':
      return raw as string[];
    case 'strings':
      return String(raw)
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
    case 'objects':
      return (raw as RawRow[]).map((row) => inputOfRow(field.fields ?? [], row));
    case 'object':
      return inputOfRow(field.fields ?? [], raw as RawRow);
  }
  const text = String(raw).trim();
  if (text === '') return field.nullable ? null : undefined;
  if (field.kind === 'integer' || field.kind === 'number') {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (field.kind === 'date-time') {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? text : d.toISOString();
  }
  return text;
}

function inputOfRow(fields: readonly FormField[], row: RawRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = inputOf(f, row[f.name] ?? rawOf(f, undefined));
    if (value !== undefined && value !== null) out[f.name] = value;
  }
  return out;
}

/** An add tool's input: every field that says something (a value, or differs from its default). */
export function addInput(fields: readonly FormField[], raws: RawRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = inputOf(f, raws[f.name] ?? rawOf(f, undefined));
    if (value === undefined || value === null) continue;
    if (!f.required && same(value, inputOf(f, rawOf(f, undefined))) && f.default === undefined) {
      if (value === false || (Array.isArray(value) && value.length === 0)) continue;
    }
    out[f.name] = value;
  }
  return out;
}

/** An update tool's input: only the fields whose value changed from the record as read. */
export function changedInput(
  fields: readonly FormField[],
  raws: RawRow,
  initial: RawRow,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const before = inputOf(f, initial[f.name] ?? rawOf(f, undefined));
    const after = inputOf(f, raws[f.name] ?? rawOf(f, undefined));
    // A required text emptied is sent empty, so the server says what the field needs.
    if (!same(before, after)) out[f.name] = after === undefined ? '' : after;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The form's inputs for a record (or the defaults when there is none). */
export function rawsOf(fields: readonly FormField[], record?: Record<string, unknown>): RawRow {
  return Object.fromEntries(fields.map((f) => [f.name, rawOf(f, record?.[f.name])]));
}
