import { beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetCreate } from '../src/index.js';
import { DRIVERS, seedOrganization, testActor, updaterOf, useOrganization } from './helpers.js';
import { collect, defineListTests } from './lists.js';

describe.each(DRIVERS)('assets on $name', ({ name }) => {
  const ctx = useOrganization(name);
  const { clock } = ctx;
  let other: string;
  let vendor: string;
  let foreignVendor: string;
  const actor = testActor(null, 'addAsset');
  let all: Asset[] = [];
  const update = updaterOf(ctx, actor, (storage) => storage.assets);

  beforeAll(async () => {
    other = (await seedOrganization(ctx.storage, 'Other')).organization.id;
    vendor = (await ctx.storage.vendors.create({ organizationId: ctx.org, actor, data: { name: 'Cloud' } }))
      .id;
    foreignVendor = (
      await ctx.storage.vendors.create({ organizationId: other, actor, data: { name: 'Far' } })
    ).id;
    const rows: AssetCreate[] = [
      {
        name: 'Zeta database',
        type: 'DATA',
        classification: 'RESTRICTED',
        owner: 'DPO',
        location: 'eu-central-1',
        vendor_id: vendor,
        last_reviewed_at: '2025-01-01',
        description: 'Patient records',
      },
      { name: 'alpha laptop', type: 'DEVICE', owner: 'dpo' },
      { name: 'Mike portal', type: 'APPLICATION', classification: 'PUBLIC', vendor_id: vendor },
      { name: 'bravo office', type: 'FACILITY', last_reviewed_at: '2026-06-01', review_interval_days: 30 },
      {
        name: 'Kilo backups',
        type: 'DATA',
        classification: 'CONFIDENTIAL',
        location: 'Frankfurt region',
        last_reviewed_at: '2026-03-01',
        review_interval_days: 90,
      },
    ];
    for (const [index, data] of rows.entries()) {
      clock.set(`2026-06-15T13:0${[4, 2, 6, 1, 5][index]}:00.000Z`);
      await ctx.storage.assets.create({ organizationId: ctx.org, actor, data });
    }
    await ctx.storage.assets.create({ organizationId: other, actor, data: { name: 'alien', type: 'OTHER' } });
    clock.set('2026-06-15T12:00:00.000Z');
    all = (await ctx.storage.assets.list({ organizationId: ctx.org, pageSize: 100 })).items;
  });

  it('applies defaults and computes next_review_due, review_overdue and never_reviewed', () => {
    const by = Object.fromEntries(all.map((a) => [a.name, a]));
    expect(by['Zeta database']).toMatchObject({
      next_review_due: '2026-01-01',
      review_overdue: true,
      never_reviewed: false,
    });
    expect(by['alpha laptop']).toMatchObject({
      classification: 'INTERNAL',
      review_interval_days: 365,
      next_review_due: null,
      review_overdue: false,
      never_reviewed: true,
      vendor_id: null,
      location: null,
    });
    expect(by['bravo office']).toMatchObject({ next_review_due: '2026-07-01', review_overdue: false });
    expect(by['Kilo backups']).toMatchObject({ next_review_due: '2026-05-30', review_overdue: true });
    expect(all.map((a) => a.organization_id)).toEqual(all.map(() => ctx.org));
  });

  defineListTests<Asset>({
    state: () => ({ list: (p) => ctx.storage.assets.list(p), organizationId: ctx.org, all }),
    filters: [
      [{ type: ['DATA'] }, (a) => a.type === 'DATA'],
      [{ type: ['DEVICE', 'FACILITY'] }, (a) => a.type === 'DEVICE' || a.type === 'FACILITY'],
      [
        { classification: ['RESTRICTED', 'CONFIDENTIAL'] },
        (a) => ['RESTRICTED', 'CONFIDENTIAL'].includes(a.classification),
      ],
      [{ owner: 'DPO' }, (a) => a.owner?.toLowerCase() === 'dpo'],
      [{ query: 'patient' }, (a) => a.name === 'Zeta database'],
      [{ query: 'FRANKFURT' }, (a) => a.name === 'Kilo backups'],
      [{ review_overdue: true }, (a) => a.review_overdue],
      [{ review_overdue: false }, (a) => !a.review_overdue],
      [{ type: ['DATA'], review_overdue: true }, (a) => a.type === 'DATA' && a.review_overdue],
      [{ never_reviewed: true }, (a) => a.never_reviewed],
      [{ never_reviewed: false }, (a) => !a.never_reviewed],
    ],
    orderings: [
      ['name', (a) => a.name.toLowerCase()],
      ['next_review_due', (a) => a.next_review_due],
      ['last_reviewed_at', (a) => a.last_reviewed_at],
    ],
    defaultOrder: { field: 'name', direction: 'asc' },
  });

  it('filters by hosting vendor, and a vendor of another organization matches nothing', async () => {
    const hosted = await collect({
      list: ctx.storage.assets.list,
      organizationId: ctx.org,
      filters: { vendor_id: vendor },
    });
    expect(hosted.map((a) => a.name).sort()).toEqual(['Mike portal', 'Zeta database']);
    const none = await collect({
      list: ctx.storage.assets.list,
      organizationId: ctx.org,
      filters: { vendor_id: foreignVendor },
    });
    expect(none).toEqual([]);
  });

  it('refuses a hosting vendor of another organization, on add and update, and writes nothing', async () => {
    const before = await ctx.storage.assets.list({ organizationId: ctx.org, pageSize: 100 });
    await expect(
      ctx.storage.assets.create({
        organizationId: ctx.org,
        actor,
        data: { name: 'x', type: 'DATA', vendor_id: foreignVendor },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'vendor_id' });
    const target = all.find((a) => a.name === 'alpha laptop')!;
    await expect(update(target.id, { vendor_id: foreignVendor })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'vendor_id',
    });
    expect(await ctx.storage.assets.list({ organizationId: ctx.org, pageSize: 100 })).toEqual(before);
  });

  it('refuses a duplicate name (case-insensitive) with CONFLICT on name', async () => {
    await expect(
      ctx.storage.assets.create({
        organizationId: ctx.org,
        actor,
        data: { name: 'ZETA DATABASE', type: 'DATA' },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', field: 'name' });
  });

  it('moves to another vendor, clears it with null and records each change in the audit log', async () => {
    const target = all.find((a) => a.name === 'bravo office')!;
    const moved = await update(target.id, { vendor_id: vendor, review_interval_days: 10 });
    expect(moved).toMatchObject({ vendor_id: vendor, next_review_due: '2026-06-11', review_overdue: true });
    const cleared = await update(target.id, { vendor_id: null, review_interval_days: 30 });
    expect(cleared).toMatchObject({ vendor_id: null, next_review_due: '2026-07-01' });
    const log = await ctx.storage.auditLog.list({
      organizationId: ctx.org,
      filters: { record_id: target.id },
    });
    expect(log.items.map((entry) => entry.after)).toContainEqual(cleared);
    expect(log.items).toHaveLength(3);
  });

  it('links risks to assets of the same organization and lists risks by asset_id', async () => {
    const [zeta, kilo] = ['Zeta database', 'Kilo backups'].map((n) => all.find((a) => a.name === n)!.id) as [
      string,
      string,
    ];
    const risk = await ctx.storage.risks.create({
      organizationId: ctx.org,
      actor,
      data: { name: 'Data loss', inherent_likelihood: 3, inherent_impact: 4, asset_ids: [zeta, kilo, zeta] },
    });
    expect(risk.asset_ids).toEqual([zeta, kilo].sort());
    await ctx.storage.risks.create({
      organizationId: ctx.org,
      actor,
      data: { name: 'Unrelated', inherent_likelihood: 1, inherent_impact: 1 },
    });
    const onZeta = await collect({
      list: ctx.storage.risks.list,
      organizationId: ctx.org,
      filters: { asset_id: zeta },
    });
    expect(onZeta.map((r) => r.id)).toEqual([risk.id]);
    const replaced = await ctx.storage.risks.update({
      organizationId: ctx.org,
      actor,
      id: risk.id,
      patch: { asset_ids: [kilo] },
    });
    expect(replaced.asset_ids).toEqual([kilo]);
    expect(
      await collect({ list: ctx.storage.risks.list, organizationId: ctx.org, filters: { asset_id: zeta } }),
    ).toEqual([]);
    const alien = (await ctx.storage.assets.list({ organizationId: other })).items[0]!.id;
    await expect(
      ctx.storage.risks.update({
        organizationId: ctx.org,
        actor,
        id: risk.id,
        patch: { asset_ids: [kilo, alien] },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'asset_ids' });
    expect((await ctx.storage.risks.get({ organizationId: ctx.org, id: risk.id }))?.asset_ids).toEqual([
      kilo,
    ]);
  });

  it('is NOT_FOUND from another organization', async () => {
    const target = all[0]!;
    expect(await ctx.storage.assets.get({ organizationId: other, id: target.id })).toBeNull();
    await expect(
      ctx.storage.assets.update({ organizationId: other, actor, id: target.id, patch: { owner: 'thief' } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
