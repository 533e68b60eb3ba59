import { sql } from 'kysely';
import { type Migration, run } from './types.js';

const KEY = sql`organization_id, status, residual_score, inherent_score, slot`;
// One of 8 counter rows per key, by connection: concurrent writers on different connections
// update different rows, so they no longer wait for each other's commit (a risk_counts row stays
// locked until its writer commits). Readers sum over the slots.
const SLOT = sql`(pg_backend_pid() % 8)::smallint`;

/**
 * Writes under concurrency, and getComplianceReport at a million risks (docs/performance.md):
 * - risk_counts gets a `slot` in its key. Every addRisk and every status or score change updated
 *   one of the few counter rows of its organization (4 statuses × 14 × 14 scores, far fewer in
 *   use), so concurrent writers queued on those rows' locks until each other's commit. Now each
 *   connection counts into its own slot. Each statement still applies its net change in one
 *   upsert ordered by key, so writers lock counter rows in the same order.
 * - risks_high_priority_idx: the report's high-priority list is the open risks above a score
 *   threshold, highest residual score first, ties by id; this partial index has that order, so
 *   the list reads top_n index entries instead of sorting every risk above the threshold.
 */
export const writePerf: Migration = {
  version: 11,
  name: 'write_perf',
  up: async (trx) => {
    await run(trx, [
      sql`alter table risk_counts add column slot smallint not null default 0`,
      sql`alter table risk_counts drop constraint risk_counts_pkey`,
      sql`alter table risk_counts add primary key (${KEY})`,
      sql`create or replace function risk_counts_apply() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into risk_counts as rc (${KEY}, n)
              select organization_id, status, residual_score, inherent_score, ${SLOT}, count(*) from new_rows
              group by 1, 2, 3, 4 order by 1, 2, 3, 4
              on conflict (${KEY}) do update set n = rc.n + excluded.n;
          elsif tg_op = 'UPDATE' then
            insert into risk_counts as rc (${KEY}, n)
              select organization_id, status, residual_score, inherent_score, ${SLOT}, sum(delta) from (
                select organization_id, status, residual_score, inherent_score, 1 as delta from new_rows
                union all
                select organization_id, status, residual_score, inherent_score, -1 from old_rows) d
              group by 1, 2, 3, 4 having sum(delta) <> 0 order by 1, 2, 3, 4
              on conflict (${KEY}) do update set n = rc.n + excluded.n;
          else
            insert into risk_counts as rc (${KEY}, n)
              select organization_id, status, residual_score, inherent_score, ${SLOT}, -count(*) from old_rows
              group by 1, 2, 3, 4 order by 1, 2, 3, 4
              on conflict (${KEY}) do update set n = rc.n + excluded.n;
          end if;
          return null;
        end
        $$`,
      sql`create index risks_high_priority_idx on risks (organization_id, residual_score desc, id)
        where status <> 'CLOSED'`,
    ]);
  },
};
