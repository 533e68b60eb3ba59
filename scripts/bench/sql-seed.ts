// Benchmark rows inserted by PostgreSQL itself (generate_series) rather than sent from Node: risks
// for 1M-row benchmarks (the same spread of statuses, scores, categories and owners as seedBulk's
// rows), and the newer registers' rows (evidence files, tasks, documents, control tests).
import { createHash } from 'node:crypto';
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

/** Row counts of seedRegistersBySql. */
export interface RegisterCounts {
  evidence?: number;
  tasks?: number;
  documents?: number;
  controlTests?: number;
}

/**
 * The newer registers' rows, inserted by PostgreSQL itself (generate_series), for an organization
 * that already has measures: FILE evidence with one stored revision each (all pointing at one
 * empty blob) linked to a measure, tasks due over a year, documents (DRAFT or IN_REVIEW, with no
 * version: lists read no version text) and control tests of the measures. Ids are numbered from
 * `from`, so several calls with distinct ranges never collide. Analyzes what it filled.
 */
export async function seedRegistersBySql(args: {
  db: Kysely<Database>;
  organizationId: string;
  counts: RegisterCounts;
  from?: number;
}): Promise<void> {
  const { db, organizationId } = args;
  const from = args.from ?? 0;
  const id = (prefix: string) => sql.raw(`'${prefix}_01' || lpad(n::text, 24, '0')`);
  const range = (count: number) => sql`generate_series(${from}::int, ${from + count - 1}::int) n`;
  const measures = sql`(select array_agg(id order by id) as ids from measures
    where organization_id = ${organizationId}) m`;
  const measureOf = sql`m.ids[1 + n % cardinality(m.ids)]`;
  const { evidence = 0, tasks = 0, documents = 0, controlTests = 0 } = args.counts;
  if (evidence > 0) {
    const sha = createHash('sha256').update(organizationId).digest('hex');
    await sql`insert into blobs (organization_id, sha256, id, size, chunks, created_at)
      values (${organizationId}, ${sha}, ${`blb_${sha.slice(0, 26)}`}, 0, 0, now())
      on conflict do nothing`.execute(db);
    await sql`insert into evidence (id, organization_id, kind, title, description, collected_at, valid_until,
        created_at, updated_at)
      select ${id('evd')}, ${organizationId}, 'FILE',
        (array['Access review','Backup test','Pen test report','Policy sign-off','Training record'])[1 + n % 5]
          || ' ' || lpad(n::text, 8, '0'),
        null, now() - make_interval(hours => n), current_date - 100 + (n % 500), now(), now()
      from ${range(evidence)}`.execute(db);
    await sql`insert into evidence_files (organization_id, evidence_id, revision, filename, media_type, size,
        sha256, uploaded_at)
      select ${organizationId}, ${id('evd')}, 1, 'evidence-' || n || '.pdf', 'application/pdf', 0, ${sha}, now()
      from ${range(evidence)}`.execute(db);
    await sql`insert into evidence_measures (organization_id, evidence_id, measure_id)
      select ${organizationId}, ${id('evd')}, ${measureOf} from ${range(evidence)}, ${measures}`.execute(db);
  }
  if (tasks > 0) {
    await sql`insert into tasks (id, organization_id, kind, title, description, due_date, status, created_at,
        updated_at, completed_at)
      select ${id('tsk')}, ${organizationId}, 'CUSTOM',
        (array['Review access','Renew certificate','Test restore','Update policy','Check vendor'])[1 + n % 5]
          || ' ' || lpad(n::text, 8, '0'),
        null, current_date - 60 + (n % 365),
        (array['OPEN','OPEN','IN_PROGRESS','DONE','CANCELLED'])[1 + n % 5], now(), now(),
        case when n % 5 = 3 then now() end
      from ${range(tasks)}`.execute(db);
  }
  if (documents > 0) {
    await sql`insert into documents (id, organization_id, title, kind, status, owner, review_interval_months,
        next_review_due, created_at, updated_at)
      select ${id('doc')}, ${organizationId},
        (array['Access control','Backup','Incident response','Acceptable use','Supplier'])[1 + n % 5]
          || ' policy ' || lpad(n::text, 8, '0'),
        'POLICY', (array['DRAFT','IN_REVIEW'])[1 + n % 2], 'CISO', 12, current_date - 30 + (n % 400),
        now() - make_interval(secs => n), now()
      from ${range(documents)}`.execute(db);
  }
  if (controlTests > 0) {
    await sql`insert into control_tests (id, organization_id, measure_id, title, procedure, frequency, owner,
        status, created_at, updated_at)
      select ${id('ctt')}, ${organizationId}, ${measureOf},
        (array['Access review','Backup restore','Log review','Patch check','Firewall review'])[1 + n % 5]
          || ' test ' || lpad(n::text, 8, '0'),
        'Sample and check.',
        (array['WEEKLY','MONTHLY','QUARTERLY','SEMI_ANNUALLY','ANNUALLY'])[1 + n % 5], 'CISO',
        (array['ACTIVE','ACTIVE','ACTIVE','RETIRED'])[1 + n % 4], now() - make_interval(secs => n), now()
      from ${range(controlTests)}, ${measures}`.execute(db);
  }
  await sql`analyze evidence, evidence_files, evidence_measures, tasks, documents, control_tests`.execute(db);
}
