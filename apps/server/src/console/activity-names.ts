import { type RegisterTable, registers } from '@comply/schemas';
import type { AuditLogEntry, Storage } from '@comply/storage';

type Names = Map<string, string>;
type Lookup = (args: { storage: Storage; organizationId: string; ids: string[] }) => Promise<Names>;

/** The records' name columns (joined by a space) by id, in tables with an organization_id. */
const named =
  (table: RegisterTable | 'invitations', columns: readonly string[]): Lookup =>
  ({ storage, organizationId, ids }) =>
    storage.names.records({ table, columns, organizationId, ids });

/** Per record type, one query for the current names of the records an activity page mentions. */
const LOOKUPS: Record<string, Lookup> = {
  // Every register's records by their kind, named by the catalog's title fields.
  ...Object.fromEntries(Object.values(registers).map((r) => [r.singular, named(r.table, r.titleFields)])),
  framework_mappings: named(registers.frameworks.table, registers.frameworks.titleFields),
  organization: ({ storage, organizationId, ids }) => storage.names.organization({ organizationId, ids }),
  membership: ({ storage, organizationId, ids }) => storage.names.memberships({ organizationId, ids }),
  invitation: named('invitations', ['email']),
};

/** A name from the entry's own snapshot, for a record that no longer exists (or a kind with no lookup). */
function snapshotName(entry: AuditLogEntry): string | null {
  for (const state of [entry.after, entry.before]) {
    if (!state || typeof state !== 'object') continue;
    const s = state as Record<string, unknown>;
    if (typeof s.reference === 'string' && typeof s.title === 'string') return `${s.reference} ${s.title}`;
    for (const key of ['name', 'title', 'email']) if (typeof s[key] === 'string') return s[key] as string;
  }
  return null;
}

const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/** An activity entry with the names people read instead of ids. */
export interface NamedEntry extends AuditLogEntry {
  record_name: string | null;
  actor_name: string | null;
  token_name: string | null;
}

/**
 * Adds record, actor and token names to a page of one organization's activity: one query per record
 * type, one for the actors, one for the tokens, each limited to the ids on the page (which came from
 * the organization's own entries) and, for records, to the organization.
 */
export async function nameEntries(args: {
  storage: Storage;
  organizationId: string;
  entries: AuditLogEntry[];
}): Promise<NamedEntry[]> {
  const { storage, organizationId, entries } = args;
  const records = new Map<string, Names>();
  await Promise.all(
    Object.entries(LOOKUPS).map(async ([type, lookup]) => {
      const ids = unique(entries.filter((e) => e.record_type === type).map((e) => e.record_id));
      if (ids.length > 0) records.set(type, await lookup({ storage, organizationId, ids }));
    }),
  );
  const [userNames, tokenNames] = await Promise.all([
    storage.names.users({ ids: unique(entries.map((e) => e.actor_user_id)) }),
    storage.names.tokens({ ids: unique(entries.map((e) => e.token_id)) }),
  ]);
  return entries.map((entry) => ({
    ...entry,
    record_name: records.get(entry.record_type)?.get(entry.record_id) ?? snapshotName(entry),
    actor_name: entry.actor_user_id ? (userNames.get(entry.actor_user_id) ?? null) : null,
    token_name: entry.token_id ? (tokenNames.get(entry.token_id) ?? null) : null,
  }));
}
