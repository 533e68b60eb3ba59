import { ENUM_COLUMNS, formatDate, formatTime, humanize } from '../format.js';
import type { ActivityEntry } from './types.js';

// Fields whose values are enums (`IN_TREATMENT` → `In treatment`); free text (an owner "CISO") is kept.
const ENUM_FIELDS = new Set([...ENUM_COLUMNS, 'role', 'scope', 'relationship']);
// Bookkeeping every record has; a diff never lists it.
const HIDDEN = new Set(['id', 'organization_id', 'created_at', 'updated_at']);
const ACTIONS: Record<string, string> = {
  seedDemo: 'Demo data loaded',
  importOscal: 'OSCAL import',
  enforceInvariants: 'Repaired by a migration (invariants)',
  archiveRecord: 'Archived',
  restoreRecord: 'Restored',
};

const SOURCES: Record<string, string> = {
  mcp: 'an assistant (MCP)',
  rest: 'the REST API',
  console: 'the console',
  cli: 'the command line',
  migration: 'a database migration',
};

/** Where a change came from, as in "via the console". */
export function sourceLabel(source: string): string {
  return SOURCES[source] ?? source;
}

/** `updateRisk` → `Update risk`; console actions keep their own wording. */
export function actionLabel(action: string): string {
  if (ACTIONS[action]) return ACTIONS[action];
  const words = action.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' ');
  return humanize(words);
}

function summary(value: Record<string, unknown>): string {
  for (const key of ['name', 'title', 'code', 'control_code', 'email']) {
    if (typeof value[key] === 'string') {
      const framework = typeof value.framework_name === 'string' ? ` (${value.framework_name})` : '';
      return `${value[key]}${framework}`;
    }
  }
  return Object.entries(value)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, v]) => `${humanize(key)}: ${humanValue({ field: key, value: v })}`)
    .join(', ');
}

/** A stored value as a person reads it: no JSON quotes, dates and enums readable, lists summarized. */
export function humanValue({ field, value }: { field: string; value: unknown }): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString();
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatTime(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
    if (ENUM_FIELDS.has(field) && /^[A-Z0-9_]+$/.test(value)) return humanize(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    return value
      .map((item) =>
        item !== null && typeof item === 'object'
          ? summary(item as Record<string, unknown>)
          : humanValue({ field, value: item }),
      )
      .join('; ');
  }
  if (typeof value === 'object') return summary(value as Record<string, unknown>);
  return String(value);
}

/** One row of an entry's change table. */
export interface Change {
  field: string;
  before: string | null;
  after: string | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an entry changed: for an update only the fields that differ (before → after); for a creation
 * the values it was created with; for a removal what it held.
 */
export function changesOf(entry: ActivityEntry): Change[] {
  const before = (entry.before ?? null) as Record<string, unknown> | null;
  const after = (entry.after ?? null) as Record<string, unknown> | null;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !HIDDEN.has(key),
  );
  const show = (state: Record<string, unknown> | null, key: string) =>
    state ? humanValue({ field: key, value: state[key] }) : null;
  if (before && after) {
    return keys
      .filter((key) => !same(before[key], after[key]))
      .map((key) => ({ field: key, before: show(before, key), after: show(after, key) }));
  }
  const state = after ?? before;
  return keys
    .filter((key) => state && state[key] !== null && state[key] !== undefined && state[key] !== '')
    .map((key) => ({ field: key, before: show(before, key), after: show(after, key) }));
}

/** One line of the activity: a single entry, or a batch of entries of one operation. */
export type ActivityItem =
  | { kind: 'entry'; entry: ActivityEntry }
  | { kind: 'batch'; entries: ActivityEntry[]; reachesPageEnd: boolean };

// Entries of one bulk operation are written back to back; anything slower is separate work.
const BATCH_GAP_MS = 5_000;
const BATCH_MIN = 3;

function sameOperation(a: ActivityEntry, b: ActivityEntry): boolean {
  return (
    a.actor_user_id === b.actor_user_id &&
    a.token_id === b.token_id &&
    a.source === b.source &&
    a.action === b.action &&
    Math.abs(Date.parse(a.at) - Date.parse(b.at)) <= BATCH_GAP_MS
  );
}

/**
 * Groups a page into items: a run of at least three consecutive entries by the same actor, token,
 * source and action, each within 5 s of the next (seeding demo data, a script's bulk load) is one
 * batch; every other entry stands alone.
 */
export function groupEntries(entries: ActivityEntry[]): ActivityItem[] {
  const items: ActivityItem[] = [];
  let run: ActivityEntry[] = [];
  const flush = (atEnd: boolean) => {
    if (run.length >= BATCH_MIN) items.push({ kind: 'batch', entries: run, reachesPageEnd: atEnd });
    else for (const entry of run) items.push({ kind: 'entry', entry });
    run = [];
  };
  for (const entry of entries) {
    const last = run[run.length - 1];
    if (last && !sameOperation(last, entry)) flush(false);
    run.push(entry);
  }
  flush(true);
  return items;
}

/** `risk × 12, vendor × 8` for a batch. */
export function batchSummary(entries: ActivityEntry[]): string {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.record_type, (counts.get(e.record_type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${humanize(type).toLowerCase()} × ${count}`).join(', ');
}
