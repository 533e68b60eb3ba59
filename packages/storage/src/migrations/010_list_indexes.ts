import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { type Migration, run } from './types.js';

/**
 * The schema pg_trgm lives in, installing it into `public` when the server offers it and this role
 * may (it is a trusted extension: CREATE on the database suffices). Null: no trigram indexes here.
 * Never into the register's own schema: dropping that schema would take the extension, and every
 * other schema's trigram indexes, with it. Runs under the migration lock, so check-then-create is safe.
 */
async function trigramSchema(trx: Transaction<Database>): Promise<string | null> {
  const installed = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema
    from pg_extension where extname = 'pg_trgm'`.execute(trx);
  if (installed.rows[0]) return installed.rows[0].schema;
  const possible = await sql<{ ok: boolean }>`select
      exists (select 1 from pg_available_extensions where name = 'pg_trgm')
      and exists (select 1 from pg_namespace where nspname = 'public')
      and has_database_privilege(current_database(), 'CREATE')
      and has_schema_privilege('public', 'CREATE') as ok`.execute(trx);
  if (!possible.rows[0]?.ok) return null;
  await sql`create extension pg_trgm with schema public`.execute(trx);
  return 'public';
}

/**
 * Indexes for the varied listings (docs/performance.md):
 * - total_count with a category filter: the category indexes also carry the status-like columns
 *   the lists filter on (and risks their residual score), so the COUNT is an index-only scan
 *   instead of one heap page per matching row. Each replaces the narrower index it extends;
 *   `include (category)` is what lets PostgreSQL answer `lower(category)` without the heap.
 * - listRisks `query` (ILIKE on name and description): a trigram GIN index where pg_trgm exists,
 *   so a substring search no longer scans every risk of the organization.
 */
export const listIndexes: Migration = {
  version: 10,
  name: 'list_indexes',
  up: async (trx) => {
    await run(trx, [
      sql`create index risks_category_status_idx
        on risks (organization_id, lower(category), status, residual_score) include (category)`,
      sql`drop index risks_category_idx`,
      sql`create index vendors_category_tier_idx
        on vendors (organization_id, lower(category), risk_tier, status) include (category)`,
      sql`drop index vendors_category_idx`,
      sql`create index measures_category_state_idx
        on measures (organization_id, lower(category), state) include (category)`,
      sql`drop index measures_category_idx`,
    ]);
    const trgm = await trigramSchema(trx);
    if (trgm) {
      const ops = sql`${sql.id(trgm)}.gin_trgm_ops`;
      await sql`create index risks_query_trgm_idx on risks using gin (name ${ops}, description ${ops})`.execute(
        trx,
      );
    }
  },
};
