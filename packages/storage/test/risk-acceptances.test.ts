import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Storage, StorageError } from '../src/index.js';
import { DRIVERS, fixedClock, openTestStorage, seedOrganization, testActor } from './helpers.js';

describe.each(DRIVERS)('risk acceptances on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  const clock = fixedClock('2026-06-15T12:00:00.000Z');
  let org: string;
  let other: string;
  let owner: { id: string; email: string };
  const actor = () => ({ ...testActor(owner.id, 'acceptRisk') });
  const addRisk = (organizationId: string, name: string) =>
    storage.risks.create({
      organizationId,
      actor: testActor(owner.id, 'addRisk'),
      data: { name, inherent_likelihood: 3, inherent_impact: 4 },
    });
  const accept = (riskId: string, extra: Partial<Parameters<Storage['riskAcceptances']['accept']>[0]> = {}) =>
    storage.riskAcceptances.accept({
      organizationId: org,
      actor: actor(),
      role: 'OWNER',
      riskId,
      rationale: 'Within the risk appetite.',
      expiresOn: '2026-12-31',
      ...extra,
    });

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
    const seeded = await seedOrganization(storage);
    org = seeded.organization.id;
    owner = seeded.user;
    other = (await seedOrganization(storage, 'Other')).organization.id;
  });
  afterAll(() => dispose());

  it('records who accepted, sets the risk ACCEPTED with treatment ACCEPT, and audits it', async () => {
    const risk = await addRisk(org, 'Vendor outage');
    clock.tick(1000);
    const accepted = await accept(risk.id, { conditions: '  Reviewed quarterly. ' });
    expect(accepted).toMatchObject({ status: 'ACCEPTED', treatment: 'ACCEPT' });
    expect(accepted.updated_at).toBe(clock().toISOString());
    expect(accepted.acceptances).toEqual([
      {
        id: expect.stringMatching(/^racc_/),
        accepted_by: owner.email,
        accepted_role: 'OWNER',
        accepted_at: clock().toISOString(),
        rationale: 'Within the risk appetite.',
        conditions: 'Reviewed quarterly.',
        expires_on: '2026-12-31',
        state: 'ACTIVE',
      },
    ]);
    expect(await storage.risks.get({ organizationId: org, id: risk.id })).toEqual(accepted);
    const log = await storage.auditLog.list({
      organizationId: org,
      filters: { record_id: risk.id },
      pageSize: 10,
    });
    const entry = log.items.find((e) => e.action === 'acceptRisk');
    expect(entry).toMatchObject({
      record_type: 'risk',
      before: { status: 'OPEN' },
      after: { status: 'ACCEPTED' },
    });
  });

  it('refuses an expiry that is not after today, an empty rationale and a CLOSED risk; nothing is written', async () => {
    const risk = await addRisk(org, 'Flood');
    for (const [expiresOn, field] of [
      ['2026-06-15', 'expires_on'],
      ['2026-01-01', 'expires_on'],
    ] as const) {
      await expect(accept(risk.id, { expiresOn })).rejects.toMatchObject({ code: 'INVALID_INPUT', field });
    }
    await expect(accept(risk.id, { rationale: '   ' })).rejects.toMatchObject({ field: 'rationale' });
    const closed = await storage.risks.update({
      organizationId: org,
      actor: actor(),
      id: risk.id,
      patch: { status: 'CLOSED', treatment: 'AVOID' },
    });
    await expect(accept(closed.id)).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'risk_id' });
    const after = await storage.risks.get({ organizationId: org, id: risk.id });
    expect(after).toMatchObject({ status: 'CLOSED', acceptances: [] });
  });

  it('refuses a risk of another organization as not found', async () => {
    const foreign = await addRisk(other, 'Foreign risk');
    const error = await accept(foreign.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', field: 'risk_id' });
    expect(await storage.risks.get({ organizationId: other, id: foreign.id })).toMatchObject({
      status: 'OPEN',
      acceptances: [],
    });
  });

  it('keeps the history newest first: SUPERSEDED, ENDED, EXPIRED', async () => {
    const risk = await addRisk(org, 'Legacy system');
    clock.tick(1000);
    await accept(risk.id, { expiresOn: '2026-07-31' });
    clock.tick(1000);
    const again = await accept(risk.id, { expiresOn: '2026-09-30', rationale: 'Renewed.' });
    expect(again.acceptances.map((a) => [a.expires_on, a.state])).toEqual([
      ['2026-09-30', 'ACTIVE'],
      ['2026-07-31', 'SUPERSEDED'],
    ]);
    clock.set('2026-10-01T08:00:00.000Z');
    const expired = await storage.risks.get({ organizationId: org, id: risk.id });
    expect(expired?.acceptances[0]?.state).toBe('EXPIRED');
    const report = await storage.reports.complianceReport({ organizationId: org });
    expect(report.risks.acceptance_expired.items).toContainEqual({
      id: risk.id,
      name: 'Legacy system',
      owner: null,
      residual_score: 12,
      expires_on: '2026-09-30',
    });
    const reopened = await storage.risks.update({
      organizationId: org,
      actor: actor(),
      id: risk.id,
      patch: { status: 'OPEN', treatment: 'MITIGATE' },
    });
    expect(reopened.acceptances.map((a) => a.state)).toEqual(['ENDED', 'SUPERSEDED']);
    const later = await storage.reports.complianceReport({ organizationId: org });
    expect(later.risks.acceptance_expired.items.map((i) => i.id)).not.toContain(risk.id);
    clock.set('2026-06-15T12:00:00.000Z');
  });

  it('returns the first call’s risk for a retried idempotency key, recording one acceptance', async () => {
    const risk = await addRisk(org, 'Key person leaves');
    const first = await accept(risk.id, { idempotencyKey: 'accept-key-person' });
    const retry = await accept(risk.id, { idempotencyKey: 'accept-key-person', rationale: 'Other text' });
    expect(retry.acceptances).toHaveLength(1);
    expect(retry).toEqual(first);
  });

  it('never changes a recorded acceptance', async () => {
    await expect(
      sql`update risk_acceptances set rationale = 'changed'`.execute(storage.db),
    ).rejects.toThrow();
  });
});
