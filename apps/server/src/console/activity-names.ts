import { type RegisterTable, registers } from '@comply/schemas';
import type { AuditLogEntry, Storage } from '@comply/storage';
import { sql } from 'kysely';

type Names = Map<string, string>;
type Lookup = (args: { storage: Storage; organizationId: string; ids: string[] }) => Promise<Names>;

/** The records' name columns (joined by a space) by id, in tables with an organization_id. */
const named =
  (table: RegisterTable | 'invitations', columns: readonly string[]): Lookup =>
  async ({ storage, organizationId, ids }) => {
    // These tables share id and organization_id; one query shape serves them all.
    const rows = await storage.db
      .selectFrom(table as 'risks')
      .select(['id', ...columns.map((c, i) => sql.ref<string>(c).as(`c${i}`))])
      .where('organization_id', '=', organizationId)
      .where('id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [r.id, columns.map((_, i) => (r as Record<string, string>)[`c${i}`]).join(' ')]),
    );
  };

/** Per record type, one query for the current names of the records an activity page mentions. */
const LOOKUPS: Record<string, Lookup> = {
  // Every register's records by their kind, named by the catalog's title fields.
  ...Object.fromEntries(Object.values(registers).map((r) => [r.singular, named(r.table, r.titleFields)])),
  framework_mappings: named(registers.frameworks.table, registers.frameworks.titleFields),
  organization: async ({ storage, organizationId, ids }) => {
    const rows = await storage.db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', '=', organizationId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },
  membership: async ({ storage, organizationId, ids }) => {
    const rows = await storage.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['memberships.id as id', 'users.email as email'])
      .where('memberships.organization_id', '=', organizationId)
      .where('memberships.id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.email]));
  },
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
  const userIds = unique(entries.map((e) => e.actor_user_id));
  const tokenIds = unique(entries.map((e) => e.token_id));
  const [users, tokens] = await Promise.all([
    userIds.length === 0
      ? []
      : storage.db.selectFrom('users').select(['id', 'email', 'name']).where('id', 'in', userIds).execute(),
    tokenIds.length === 0
      ? []
      : storage.db.selectFrom('api_tokens').select(['id', 'name']).where('id', 'in', tokenIds).execute(),
  ]);
  const userNames = new Map(users.map((u) => [u.id, u.name ? `${u.name} (${u.email})` : u.email]));
  const tokenNames = new Map(tokens.map((t) => [t.id, t.name]));
  return entries.map((entry) => ({
    ...entry,
    record_name: records.get(entry.record_type)?.get(entry.record_id) ?? snapshotName(entry),
    actor_name: entry.actor_user_id ? (userNames.get(entry.actor_user_id) ?? null) : null,
    token_name: entry.token_id ? (tokenNames.get(entry.token_id) ?? null) : null,
  }));
}
