import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, openTestStorage, seedOrganization } from './helpers.js';

// The COUNT behind total_count with a category filter must be answerable from an index alone
// (migration 010); scans are disabled so the plan shows which index can serve it at any size.
const COUNTS = [
  {
    index: 'risks_category_status_idx',
    query: sql`select count(*) from risks where organization_id = 'o' and lower(category) = 'cloud'
      and status in ('OPEN', 'CLOSED') and residual_score >= 9`,
  },
  {
    index: 'vendors_category_tier_idx',
    query: sql`select count(*) from vendors where organization_id = 'o' and lower(category) = 'cloud'
      and risk_tier in ('LOW', 'HIGH')`,
  },
  {
    index: 'measures_category_state_idx',
    query: sql`select count(*) from measures where organization_id = 'o' and lower(category) = 'cloud'
      and state in ('IMPLEMENTED')`,
  },
];

describe.each(DRIVERS)('list count indexes on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name }));
    await seedOrganization(storage);
  });
  afterAll(() => dispose());

  it.each(COUNTS)(
    'counts with a category filter by an index-only scan on $index',
    async ({ index, query }) => {
      const plan = await storage.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        const result = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(`Index Only Scan using ${index}`);
    },
  );

  it('finds a listRisks `query` substring through the trigram index', async () => {
    const plan = await storage.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const result = await sql<{ 'QUERY PLAN': string }>`explain select id from risks
        where name ilike '%fraud%' or description ilike '%fraud%'`.execute(trx);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Bitmap Index Scan on risks_query_trgm_idx');
  });

  it("reads the compliance report's high-priority risks in order from an index, with no sort", async () => {
    const plan = await storage.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const result = await sql<{
        'QUERY PLAN': string;
      }>`explain select id, name, status, residual_score, owner
        from risks where organization_id = 'o' and residual_score > 15 and status <> 'CLOSED'
          and archived_at is null
        order by residual_score desc, id limit 10`.execute(trx);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Scan using risks_high_priority_idx');
    expect(plan).not.toContain('Sort');
  });
});
