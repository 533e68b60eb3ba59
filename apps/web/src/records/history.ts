import type { AuditEntry } from '../types.js';

const IGNORED = new Set(['updated_at', 'created_at']);

/** The fields an audit entry changed (all of them for a creation). */
export function changedKeys(entry: AuditEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !IGNORED.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}

/** A short text of a logged value. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
