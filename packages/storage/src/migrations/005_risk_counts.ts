import { sql } from 'kysely';
import { type Migration, run } from './types.js';

const KEY = sql`organization_id, status, residual_score, inherent_score`;

/**
 * Exact risk counts per (organization, status, residual score, inherent score), kept by
 * statement-level triggers in the writing transaction. listRisks answers total_count from these
 * ≤ 4 × 14 × 14 rows per organization when its filters are only status and score ranges, so the
 * count costs the same at 1M risks as at 10k (a COUNT(*) over 1M index entries does not).
 * Each statement applies its net change in one upsert ordered by key, so concurrent writers lock
 * counter rows in the same order and cannot deadlock.
 */
export const riskCounts: Migration = {
  version: 5,
  name: 'risk_counts',
  up: async (trx) => {
    await run(trx, [
      sql`create table risk_counts (
        organization_id text not null references organizations (id),
        status text not null,
        residual_score integer not null,
        inherent_score integer not null,
        n bigint not null,
        primary key (organization_id, status, residual_score, inherent_score))`,
      sql`insert into risk_counts (${KEY}, n) select ${KEY}, count(*) from risks group by ${KEY}`,
      sql`create function risk_counts_apply() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into risk_counts as rc (organization_id, status, residual_score, inherent_score, n)
              select organization_id, status, residual_score, inherent_score, count(*) from new_rows
              group by 1, 2, 3, 4 order by 1, 2, 3, 4
              on conflict (organization_id, status, residual_score, inherent_score)
              do update set n = rc.n + excluded.n;
          elsif tg_op = 'UPDATE' then
            insert into risk_counts as rc (organization_id, status, residual_score, inherent_score, n)
              select organization_id, status, residual_score, inherent_score, sum(delta) from (
                select organization_id, status, residual_score, inherent_score, 1 as delta from new_rows
                union all
                select organization_id, status, residual_score, inherent_score, -1 from old_rows) d
              group by 1, 2, 3, 4 having sum(delta) <> 0 order by 1, 2, 3, 4
              on conflict (organization_id, status, residual_score, inherent_score)
              do update set n = rc.n + excluded.n;
          else
            insert into risk_counts as rc (organization_id, status, residual_score, inherent_score, n)
              select organization_id, status, residual_score, inherent_score, -count(*) from old_rows
              group by 1, 2, 3, 4 order by 1, 2, 3, 4
              on conflict (organization_id, status, residual_score, inherent_score)
              do update set n = rc.n + excluded.n;
          end if;
          return null;
        end
        $$`,
      sql`create trigger risk_counts_insert after insert on risks
        referencing new table as new_rows for each statement execute function risk_counts_apply()`,
      sql`create trigger risk_counts_update after update on risks
        referencing old table as old_rows new table as new_rows
        for each statement execute function risk_counts_apply()`,
      sql`create trigger risk_counts_delete after delete on risks
        referencing old table as old_rows for each statement execute function risk_counts_apply()`,
    ]);
  },
};
