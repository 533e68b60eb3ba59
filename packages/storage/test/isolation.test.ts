import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, fixedClock, openTestStorage, seedOrganization } from './helpers.js';

describe.each(DRIVERS)('cross-organization isolation on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  const clock = fixedClock();
  let org: string;
  let foreignOrg: string;
  let userId: string;
  const actor = (action: string) => ({ userId, tokenId: 'tok_TEST', source: 'mcp' as const, action });

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
    const seeded = await seedOrganization(storage);
    org = seeded.organization.id;
    userId = seeded.user.id;
    foreignOrg = (await seedOrganization(storage, 'Foreign')).organization.id;
  });
  afterAll(() => dispose());

  it('hides records of other organizations from get, update and list', async () => {
    const mine = await storage.risks.create({
      organizationId: org,
      actor: actor('addRisk'),
      data: { name: 'secret', inherent_likelihood: 1, inherent_impact: 1 },
    });
    expect(await storage.risks.get({ organizationId: foreignOrg, id: mine.id })).toBeNull();
    await expect(
      storage.risks.update({
        organizationId: foreignOrg,
        actor: actor('updateRisk'),
        id: mine.id,
        patch: { name: 'stolen' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await storage.risks.get({ organizationId: org, id: mine.id }))?.name).toBe('secret');
    const foreignList = await storage.risks.list({ organizationId: foreignOrg, pageSize: 100 });
    expect(foreignList.items.map((r) => r.id)).not.toContain(mine.id);
    for (const repo of [
      storage.vendors,
      storage.measures,
      storage.obligations,
      storage.nonconformities,
      storage.audits,
      storage.frameworks,
    ]) {
      expect(await repo.get({ organizationId: foreignOrg, id: mine.id })).toBeNull();
    }
  });
  it('locates a record among the caller organizations only', async () => {
    const risk = await storage.risks.create({
      organizationId: org,
      actor: actor('addRisk'),
      data: { name: 'where', inherent_likelihood: 1, inherent_impact: 1 },
    });
    expect(await storage.locate({ id: risk.id, organizationIds: [foreignOrg, org] })).toBe(org);
    expect(await storage.locate({ id: risk.id, organizationIds: [foreignOrg] })).toBeNull();
    expect(await storage.locate({ id: 'usr_x', organizationIds: [org] })).toBeNull();
  });
  it('refuses link ids from another organization, naming the field', async () => {
    const actorA = actor('write');
    const foreignMeasure = await storage.measures.create({
      organizationId: foreignOrg,
      actor: actorA,
      data: { name: 'theirs' },
    });
    const foreignRisk = await storage.risks.create({
      organizationId: foreignOrg,
      actor: actorA,
      data: { name: 'theirs', inherent_likelihood: 1, inherent_impact: 1 },
    });
    const foreignFramework = await storage.frameworks.create({
      organizationId: foreignOrg,
      actor: actorA,
      data: { name: 'F', controls: [{ code: 'A.1', title: 'a' }] },
    });
    const foreignAudit = await storage.audits.create({
      organizationId: foreignOrg,
      actor: actorA,
      data: { name: 'a', kind: 'INTERNAL' },
    });
    const risk = await storage.risks.create({
      organizationId: org,
      actor: actorA,
      data: { name: 'mine', inherent_likelihood: 1, inherent_impact: 1 },
    });
    const measure = await storage.measures.create({
      organizationId: org,
      actor: actorA,
      data: { name: 'mine' },
    });

    const attempts: [() => Promise<unknown>, string][] = [
      [
        () =>
          storage.risks.update({
            organizationId: org,
            actor: actorA,
            id: risk.id,
            patch: { measure_ids: [foreignMeasure.id] },
          }),
        'measure_ids',
      ],
      [
        () =>
          storage.measures.update({
            organizationId: org,
            actor: actorA,
            id: measure.id,
            patch: { risk_ids: [foreignRisk.id] },
          }),
        'risk_ids',
      ],
      [
        () =>
          storage.measures.update({
            organizationId: org,
            actor: actorA,
            id: measure.id,
            patch: { controls: [{ framework_id: foreignFramework.id, control_code: 'A.1' }] },
          }),
        'controls.0.framework_id',
      ],
      [
        () =>
          storage.audits.create({
            organizationId: org,
            actor: actorA,
            data: { name: 'x', kind: 'EXTERNAL', framework_id: foreignFramework.id },
          }),
        'framework_id',
      ],
      [
        () =>
          storage.nonconformities.create({
            organizationId: org,
            actor: actorA,
            data: { title: 'x', severity: 'MAJOR', audit_id: foreignAudit.id },
          }),
        'audit_id',
      ],
      [
        () =>
          storage.nonconformities.create({
            organizationId: org,
            actor: actorA,
            data: { title: 'x', severity: 'MAJOR', measure_id: foreignMeasure.id },
          }),
        'measure_id',
      ],
    ];
    for (const [attempt, field] of attempts)
      await expect(attempt()).rejects.toMatchObject({ code: 'INVALID_INPUT', field });
    expect((await storage.risks.get({ organizationId: org, id: risk.id }))?.measure_ids).toEqual([]);
  });
});
