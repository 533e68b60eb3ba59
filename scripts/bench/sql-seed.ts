// Risks for 1M-row benchmarks, inserted by PostgreSQL itself (generate_series) rather than sent
// from Node: the same spread of statuses, scores, categories and owners as seedBulk's rows.
import type { Database } from '@comply/storage';
import { type Kysely, sql } from 'kysely';

const BATCH = 100_000;

/** Inserts risks number `from` to `to - 1` into the organization, in batches of 100k. */
export async function seedRisksBySql(args: {
  db: Kysely<Database>;
  organizationId: string;
  from: number;
  to: number;
}): Promise<void> {
  for (let start = args.from; start < args.to; start += BATCH) {
    const end = Math.min(args.to, start + BATCH) - 1;
    await sql`insert into risks (id, organization_id, name, description, category, owner, status, treatment,
        inherent_likelihood, inherent_impact, residual_likelihood, residual_impact, review_date, note,
        created_at, updated_at)
      select 'risk_01' || lpad(n::text, 24, '0'), ${args.organizationId},
        (array['Data loss','Outage','Fraud','Breach','Misconfiguration','Supplier failure','Human error'])[1 + (h >> 3) % 7]
          || ' risk ' || lpad(n::text, 7, '0'),
        null,
        (array['Information security','Privacy','Continuity','Third party','Compliance','Cloud'])[1 + (h >> 6) % 6],
        (array['CISO','CTO','DPO','IT Operations','Platform team','Legal','Procurement','HR'])[1 + (h >> 9) % 8],
        case when (h >> 12) % 20 < 8 then 'OPEN' when (h >> 12) % 20 < 13 then 'IN_TREATMENT'
          when (h >> 12) % 20 < 16 then 'ACCEPTED' else 'CLOSED' end,
        (array[null,'MITIGATE','ACCEPT','TRANSFER','AVOID'])[1 + (h >> 17) % 5],
        greatest(1 + h % 5, 1 + (h >> 20) % 5), greatest(1 + (h >> 4) % 5, 1 + (h >> 23) % 5),
        1 + h % 5, 1 + (h >> 4) % 5,
        case when (h >> 26) % 4 = 0 then null else current_date - 365 + ((h >> 2) % 730)::int end,
        null,
        now() - make_interval(secs => n), now() - make_interval(secs => n)
      from (select n, abs(hashint4(n))::bigint as h from generate_series(${start}::int, ${end}::int) n) g`.execute(
      args.db,
    );
  }
  // What autovacuum would do to a table this size before long: statistics and a visibility map.
  await sql`vacuum analyze risks`.execute(args.db);
}
