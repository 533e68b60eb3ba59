import type { Storage } from '@comply/storage';
import { sql } from 'kysely';

// Every table a tool call could write, and the audit log. Usage and sessions change on every
// call by design and are left out.
const TABLES = [
  'organizations',
  'users',
  'memberships',
  'api_tokens',
  'idempotency_keys',
  'risks',
  'vendors',
  'measures',
  'measure_evidence',
  'obligations',
  'nonconformities',
  'audits',
  'frameworks',
  'framework_controls',
  'measure_controls',
  'risk_measures',
  'audit_log',
] as const;

/** Row counts of every written table, in one statement: `{ risks: 4, audit_log: 31, … }`. */
export async function rowCounts(storage: Storage): Promise<Record<string, number>> {
  const columns = TABLES.map(
    (table) => sql`(select count(*) from ${sql.table(table)})::int as ${sql.id(table)}`,
  );
  const { rows } = await sql<Record<string, number>>`select ${sql.join(columns)}`.execute(storage.db);
  return rows[0] ?? {};
}

/** The latest `updated_at` across registers: a rejected write must not move it. */
export async function lastUpdate(storage: Storage): Promise<string> {
  const parts = [
    'risks',
    'vendors',
    'measures',
    'obligations',
    'nonconformities',
    'audits',
    'frameworks',
  ].map((table) => sql`(select max(updated_at) from ${sql.table(table)})`);
  const { rows } = await sql<{ at: Date | string | null }>`select greatest(${sql.join(parts)}) as at`.execute(
    storage.db,
  );
  return String(rows[0]?.at ?? '');
}
