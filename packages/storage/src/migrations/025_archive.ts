import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/** The registers whose records can be archived (`archive: true` in their spec). */
const TABLES = [
  'risks',
  'vendors',
  'measures',
  'obligations',
  'nonconformities',
  'audits',
  'assets',
  'management_reviews',
] as const;

const KEY = sql`organization_id, status, residual_score, inherent_score, slot`;
const SLOT = sql`(pg_backend_pid() % 8)::smallint`;

/**
 * Archive and restore (docs/data-model.md, "Archive"): a nullable `archived_at` on every register
 * table but frameworks. An archived record leaves lists, counts, reports and readiness and stays
 * readable by id and in the audit log.
 * - risk_counts (migrations 005, 011) counts active risks only: the trigger skips archived rows,
 *   so archiving is an UPDATE that moves a risk out of the counts and restoring moves it back.
 * - risks_high_priority_idx covers active risks only, as the report's list reads them.
 */
export const archive: Migration = {
  version: 25,
  name: 'archive',
  up: async (trx) => {
    await run(trx, [
      ...TABLES.map((table) => sql`alter table ${sql.table(table)} add column archived_at timestamptz`),
      sql`create or replace function risk_counts_apply() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into risk_counts as rc (${KEY}, n)
              select organization_id, status, residual_score, inherent_score, ${SLOT}, count(*) from new_rows
              where archived_at is null
              group by 1, 2, 3, 4 order by 1, 2, 3, 4
              on conflict (${KEY}) do update set n = rc.n + excluded.n;
          elsif tg_op = 'UPDATE' then
            insert into risk_counts as rc (${KEY}, n)
              select organization_id, status, residual_score, inherent_score, ${SLOT}, sum(delta) from (
                select organization_id, status, residual_score, inherent_score, 1 as delta from new_rows
                  where archived_at is null
                union all
                select organization_id, status, residual_score, inherent_score, -1 from old_rows
                  where archived_at is null) d
              group by 1, 2, 3, 4 having sum(delta) <> 0 order by 1, 2, 3, 4
              on conflict (${KEY}) do update set n = rc.n + excluded.n;
          else
            insert into risk_counts as rc (${KEY}, n)
              select organization_id, status, residual_score, inherent_score, ${SLOT}, -count(*) from old_rows
              where archived_at is null
              group by 1, 2, 3, 4 order by 1, 2, 3, 4
              on conflict (${KEY}) do update set n = rc.n + excluded.n;
          end if;
          return null;
        end
        $$`,
      sql`drop index risks_high_priority_idx`,
      sql`create index risks_high_priority_idx on risks (organization_id, residual_score desc, id)
        where status <> 'CLOSED' and archived_at is null`,
    ]);
  },
};
