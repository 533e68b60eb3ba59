import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, fixedClock, openTestStorage } from './helpers.js';

describe.each(DRIVERS)('smoke on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  const clock = fixedClock();

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
  });
  afterAll(() => dispose());

  it('creates, gets and lists a risk', async () => {
    const orgId = 'org_TEST';
    await storage.db
      .insertInto('organizations')
      .values({
        id: orgId,
        name: 'Acme',
        description: null,
        created_at: clock().toISOString(),
        updated_at: clock().toISOString(),
      })
      .execute();
    const actor = { userId: null, tokenId: null, source: 'cli' as const, action: 'addRisk' };
    const risk = await storage.risks.create({
      organizationId: orgId,
      actor,
      data: { name: 'Ransomware', inherent_likelihood: 4, inherent_impact: 5 },
    });
    expect(risk.inherent_score).toBe(20);
    expect(risk.mitigation).toEqual({ status: 'UNMITIGATED', measures_total: 0, measures_implemented: 0 });
    expect(risk.created_at).toBe('2026-06-15T12:00:00.000Z');
    expect(await storage.risks.get({ organizationId: orgId, id: risk.id })).toEqual(risk);
    const page = await storage.risks.list({ organizationId: orgId, pageSize: 1 });
    expect(page.total_count).toBe(1);
    expect(page.items).toEqual([risk]);
    const updated = await storage.risks.update({
      organizationId: orgId,
      actor,
      id: risk.id,
      patch: { residual_impact: 1, review_date: '2026-07-01' },
    });
    expect(updated.residual_score).toBe(4);
    expect(updated.review_date).toBe('2026-07-01');
  });
});
