import { describe, expect, it } from 'vitest';
import type { PatchOf } from '../src/index.js';
import { DRIVERS, expectInvalid, useTwoOrganizations } from './helpers.js';

describe.each(DRIVERS)('cross-organization isolation on $name', ({ name }) => {
  const ctx = useTwoOrganizations(name);
  const { actor } = ctx;

  it('hides records of other organizations from get, update and list', async () => {
    const mine = await ctx.storage.risks.create({
      organizationId: ctx.org,
      actor: actor('addRisk'),
      data: { name: 'secret', inherent_likelihood: 1, inherent_impact: 1 },
    });
    expect(await ctx.storage.risks.get({ organizationId: ctx.foreignOrg, id: mine.id })).toBeNull();
    await expect(
      ctx.storage.risks.update({
        organizationId: ctx.foreignOrg,
        actor: actor('updateRisk'),
        id: mine.id,
        patch: { name: 'stolen' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await ctx.storage.risks.get({ organizationId: ctx.org, id: mine.id }))?.name).toBe('secret');
    const foreignList = await ctx.storage.risks.list({ organizationId: ctx.foreignOrg, pageSize: 100 });
    expect(foreignList.items.map((r) => r.id)).not.toContain(mine.id);
    for (const repo of [
      ctx.storage.vendors,
      ctx.storage.measures,
      ctx.storage.obligations,
      ctx.storage.nonconformities,
      ctx.storage.audits,
      ctx.storage.frameworks,
    ]) {
      expect(await repo.get({ organizationId: ctx.foreignOrg, id: mine.id })).toBeNull();
    }
  });
  it('locates a record among the caller organizations only', async () => {
    const risk = await ctx.storage.risks.create({
      organizationId: ctx.org,
      actor: actor('addRisk'),
      data: { name: 'where', inherent_likelihood: 1, inherent_impact: 1 },
    });
    expect(await ctx.storage.locate({ id: risk.id, organizationIds: [ctx.foreignOrg, ctx.org] })).toBe(
      ctx.org,
    );
    expect(await ctx.storage.locate({ id: risk.id, organizationIds: [ctx.foreignOrg] })).toBeNull();
    expect(await ctx.storage.locate({ id: 'usr_x', organizationIds: [ctx.org] })).toBeNull();
  });
  it('refuses link ids from another organization, naming the field', async () => {
    const actorA = actor('write');
    const at = { organizationId: ctx.org, actor: actorA };
    const theirs = { organizationId: ctx.foreignOrg, actor: actorA };
    const foreignMeasure = await ctx.storage.measures.create({ ...theirs, data: { name: 'theirs' } });
    const foreignRisk = await ctx.storage.risks.create({
      ...theirs,
      data: { name: 'theirs', inherent_likelihood: 1, inherent_impact: 1 },
    });
    const foreignFramework = await ctx.storage.frameworks.create({
      ...theirs,
      data: { name: 'F', controls: [{ code: 'A.1', title: 'a' }] },
    });
    const foreignAudit = await ctx.storage.audits.create({
      ...theirs,
      data: { name: 'a', kind: 'INTERNAL' },
    });
    const risk = await ctx.storage.risks.create({
      ...at,
      data: { name: 'mine', inherent_likelihood: 1, inherent_impact: 1 },
    });
    const measure = await ctx.storage.measures.create({ ...at, data: { name: 'mine' } });

    // The writes that take link ids, each given one id of the other organization.
    const linkMeasure = (patch: PatchOf<'measures'>) => () =>
      ctx.storage.measures.update({ ...at, id: measure.id, patch });
    const addNonconformity = (links: { audit_id?: string; measure_id?: string }) => () =>
      ctx.storage.nonconformities.create({ ...at, data: { title: 'x', severity: 'MAJOR', ...links } });
    const attempts: [() => Promise<unknown>, string][] = [
      [
        () => ctx.storage.risks.update({ ...at, id: risk.id, patch: { measure_ids: [foreignMeasure.id] } }),
        'measure_ids',
      ],
      [linkMeasure({ risk_ids: [foreignRisk.id] }), 'risk_ids'],
      [
        linkMeasure({ controls: [{ framework_id: foreignFramework.id, control_code: 'A.1' }] }),
        'controls.0.framework_id',
      ],
      [
        () =>
          ctx.storage.audits.create({
            ...at,
            data: { name: 'x', kind: 'EXTERNAL', framework_id: foreignFramework.id },
          }),
        'framework_id',
      ],
      [addNonconformity({ audit_id: foreignAudit.id }), 'audit_id'],
      [addNonconformity({ measure_id: foreignMeasure.id }), 'measure_id'],
    ];
    for (const [attempt, field] of attempts) await expectInvalid(attempt(), field);
    expect((await ctx.storage.risks.get({ organizationId: ctx.org, id: risk.id }))?.measure_ids).toEqual([]);
  });
});
