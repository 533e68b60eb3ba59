import { humanValue } from '../activity/format.js';
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

/** A short text of a logged value as people read it (`IN_TREATMENT` → `In treatment`, dates local). */
export function showValue({ field, value }: { field: string; value: unknown }): string {
  const text = humanValue({ field, value });
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
