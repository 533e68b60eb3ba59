import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskFilters, Storage } from '../src/index.js';
import { countRisksFromTotals } from '../src/registers/risks/count.js';
import { DRIVERS, openTestStorage, seedOrganization, testActor } from './helpers.js';

// listRisks answers total_count from the trigger-kept risk_counts table for status/score filters;
// these tests compare it with a plain COUNT(*) after inserts, updates, bulk inserts and deletes.
describe.each(DRIVERS)('risk counts on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  let org: string;
  const actor = testActor(null, 'addRisk');
  const filters: RiskFilters[] = [
    {},
    { status: ['OPEN'] },
    { status: ['OPEN', 'CLOSED'], min_residual_score: 10 },
    { min_residual_score: 16 },
    { max_residual_score: 6, min_inherent_score: 5, max_inherent_score: 20 },
  ];

  async function expectExact(organizationId: string) {
    for (const f of filters) {
      const page = await storage.risks.list({ organizationId, filters: f, pageSize: 1 });
      let query = storage.db
        .selectFrom('risks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('organization_id', '=', organizationId);
      if (f.status) query = query.where('status', 'in', f.status);
      if (f.min_residual_score) query = query.where('residual_score', '>=', f.min_residual_score);
      if (f.max_residual_score) query = query.where('residual_score', '<=', f.max_residual_score);
      if (f.min_inherent_score) query = query.where('inherent_score', '>=', f.min_inherent_score);
      if (f.max_inherent_score) query = query.where('inherent_score', '<=', f.max_inherent_score);
      const row = await query.executeTakeFirstOrThrow();
      expect(page.total_count, JSON.stringify(f)).toBe(Number(row.n));
      expect(await countRisksFromTotals({ db: storage.db, organizationId, filters: f })).toBe(Number(row.n));
    }
  }

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name }));
    org = (await seedOrganization(storage)).organization.id;
  });
  afterAll(() => dispose());

  it('stays exact through creates and updates of status and scores', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const risk = await storage.risks.create({
        organizationId: org,
        actor,
        data: { name: `Risk ${i}`, inherent_likelihood: 1 + (i % 5), inherent_impact: 5 - (i % 4) },
      });
      ids.push(risk.id);
    }
    await expectExact(org);
    await storage.risks.update({ organizationId: org, actor, id: ids[0]!, patch: { status: 'CLOSED' } });
    await storage.risks.update({
      organizationId: org,
      actor,
      id: ids[1]!,
      patch: { residual_likelihood: 1 },
    });
    await storage.risks.update({ organizationId: org, actor, id: ids[2]!, patch: { name: 'Renamed' } });
    await expectExact(org);
    const closed = await storage.risks.list({ organizationId: org, filters: { status: ['CLOSED'] } });
    expect(closed.total_count).toBe(1);
  });

  it('stays exact through concurrent creates and updates on many connections', async () => {
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        storage.risks.create({
          organizationId: org,
          actor,
          data: { name: `Concurrent ${i}`, inherent_likelihood: 5, inherent_impact: 1 + (i % 5) },
        }),
      ),
    );
    await Promise.all(
      created.map((risk, i) =>
        storage.risks.update({
          organizationId: org,
          actor,
          id: risk.id,
          patch: { status: i % 2 ? 'CLOSED' : 'IN_TREATMENT', residual_likelihood: 1 + (i % 3) },
        }),
      ),
    );
    await expectExact(org);
  });

  it('stays exact through multi-row statements, other organizations and deletes', async () => {
    const other = (await seedOrganization(storage, 'Other')).organization.id;
    await storage.risks.create({
      organizationId: other,
      actor,
      data: { name: 'Foreign', inherent_likelihood: 5, inherent_impact: 5 },
    });
    await sql`update risks set status = 'ACCEPTED' where organization_id = ${org} and residual_score > 8`.execute(
      storage.db,
    );
    await expectExact(org);
    await expectExact(other);
    await sql`delete from risk_measures where organization_id = ${org}`.execute(storage.db);
    await sql`delete from risks where organization_id = ${org} and status = 'ACCEPTED'`.execute(storage.db);
    await expectExact(org);
  });
});
