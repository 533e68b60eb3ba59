import { beforeAll, describe, expect, it } from 'vitest';
import type { Measure, MeasureCreate } from '../src/index.js';
import { DRIVERS, testActor, updaterOf, useOrganization } from './helpers.js';
import { defineListTests, seedListRecords } from './lists.js';

describe.each(DRIVERS)('measures and frameworks on $name', ({ name }) => {
  const ctx = useOrganization(name);
  const actor = testActor(null, 'addMeasure');
  let all: Measure[] = [];
  const update = updaterOf(ctx, actor, (storage) => storage.measures);
  const ids = { iso: '', soc: '', r1: '', r2: '' };

  beforeAll(async () => {
    const controls = [
      { code: 'A.1', title: 'Access control' },
      { code: 'A.2', title: 'Backup', description: 'Copies of data' },
      { code: 'A.3', title: 'Logging' },
    ];
    ids.iso = (
      await ctx.storage.frameworks.create({
        organizationId: ctx.org,
        actor,
        data: { name: 'ISO 27001', version: '2022', controls },
      })
    ).id;
    ids.soc = (
      await ctx.storage.frameworks.create({
        organizationId: ctx.org,
        actor,
        data: { name: 'soc 2', controls: [{ code: 'CC1', title: 'Control environment' }] },
      })
    ).id;
    for (const name of ['r1', 'r2'] as const) {
      const data = { name, inherent_likelihood: 1, inherent_impact: 1 };
      ids[name] = (await ctx.storage.risks.create({ organizationId: ctx.org, actor, data })).id;
    }
    const rows: MeasureCreate[] = [
      {
        name: 'MFA',
        state: 'IMPLEMENTED',
        category: 'Access',
        owner: 'IT',
        risk_ids: [ids.r1],
        controls: [
          { framework_id: ids.iso, control_code: 'A.1' },
          { framework_id: ids.soc, control_code: 'CC1' },
        ],
        evidence: [
          { title: 'Screenshot', url: 'https://example.com/s.png', collected_at: '2026-06-01T00:00:00.000Z' },
        ],
      },
      {
        name: 'backup',
        state: 'IN_PROGRESS',
        category: 'Ops',
        owner: 'it',
        risk_ids: [ids.r1, ids.r2],
        controls: [{ framework_id: ids.iso, control_code: 'A.2' }],
      },
      {
        name: 'Encryption',
        state: 'IMPLEMENTED',
        category: 'access',
        controls: [{ framework_id: ids.iso, control_code: 'A.2' }],
      },
      { name: 'awareness', owner: 'HR', description: 'Phishing training' },
      {
        name: 'Legacy',
        state: 'NOT_APPLICABLE',
        controls: [{ framework_id: ids.iso, control_code: 'A.1' }],
        evidence: [{ title: 'Waiver' }],
      },
    ];
    all = await seedListRecords({ ...ctx, organizationId: ctx.org, actor }, ctx.storage.measures, {
      rows,
      minutes: [4, 2, 5, 1, 3],
      foreign: { name: 'alien' },
      touched: { named: ['Legacy', 'backup'], name: (m) => m.name, patch: { owner: 'Ops' } },
    });
  });

  it('returns evidence, controls and risk ids in wire shape', () => {
    const mfa = all.find((m) => m.name === 'MFA')!;
    expect(mfa.evidence).toEqual([
      {
        id: expect.stringMatching(/^evd_/),
        title: 'Screenshot',
        url: 'https://example.com/s.png',
        collected_at: '2026-06-01T00:00:00.000Z',
        valid_until: '2027-06-01',
        expired: false,
      },
    ]);
    expect(mfa.controls).toEqual(
      [
        { framework_id: ids.iso, control_code: 'A.1' },
        { framework_id: ids.soc, control_code: 'CC1' },
      ].sort((a, b) => (a.framework_id < b.framework_id ? -1 : 1)),
    );
    expect(mfa.risk_ids).toEqual([ids.r1]);
    expect(all.find((m) => m.name === 'Legacy')?.evidence[0]).toMatchObject({
      url: null,
      collected_at: '2026-06-15T13:03:00.000Z',
    });
  });

  defineListTests<Measure>({
    state: () => ({ list: (p) => ctx.storage.measures.list(p), organizationId: ctx.org, all }),
    filters: [
      [{ state: ['IMPLEMENTED'] }, (m) => m.state === 'IMPLEMENTED'],
      [{ state: ['NOT_STARTED', 'NOT_APPLICABLE'] }, (m) => m.state.startsWith('NOT_')],
      [{ category: 'ACCESS' }, (m) => m.category?.toLowerCase() === 'access'],
      [{ owner: 'ops' }, (m) => m.owner === 'Ops'],
      [{ query: 'phishing' }, (m) => m.name === 'awareness'],
      [{ query: 'CRYPT' }, (m) => m.name === 'Encryption'],
      [{ has_evidence: true }, (m) => m.evidence.length > 0],
      [{ has_evidence: false }, (m) => m.evidence.length === 0],
    ],
    orderings: [
      ['name', (m) => m.name.toLowerCase()],
      ['state', (m) => m.state],
    ],
    defaultOrder: { field: 'name', direction: 'asc' },
  });

  it('filters by framework_id, control_code and risk_id', async () => {
    const names = async (filters: object) =>
      (await ctx.storage.measures.list({ organizationId: ctx.org, filters, pageSize: 100 })).items
        .map((m) => m.name)
        .sort();
    expect(await names({ framework_id: ids.iso })).toEqual(['Encryption', 'Legacy', 'MFA', 'backup']);
    expect(await names({ framework_id: ids.soc })).toEqual(['MFA']);
    expect(await names({ framework_id: ids.iso, control_code: 'A.2' })).toEqual(['Encryption', 'backup']);
    expect(await names({ risk_id: ids.r2 })).toEqual(['backup']);
    await expect(
      ctx.storage.measures.list({ organizationId: ctx.org, filters: { control_code: 'A.2' } }),
    ).rejects.toMatchObject({ field: 'control_code' });
  });

  it('counts framework controls and the ones covered by IMPLEMENTED measures', async () => {
    const iso = await ctx.storage.frameworks.get({ organizationId: ctx.org, id: ids.iso });
    expect(iso).toMatchObject({ control_count: 3, covered_control_count: 2, version: '2022' });
    const controls = await ctx.storage.frameworks.listControls({
      organizationId: ctx.org,
      frameworkId: ids.iso,
      filters: {},
    });
    expect(controls.items.map((c) => [c.code, c.measure_ids.length])).toEqual([
      ['A.1', 2],
      ['A.2', 2],
      ['A.3', 0],
    ]);
    const listed = await ctx.storage.frameworks.list({ organizationId: ctx.org });
    expect(listed.items.map((f) => [f.name, f.control_count, f.covered_control_count])).toEqual([
      ['ISO 27001', 3, 2],
      ['soc 2', 1, 1],
    ]);
    expect(listed.items[0]).not.toHaveProperty('controls');
  });

  it('appends evidence, replaces control and risk sets, and validates control codes', async () => {
    const backup = all.find((m) => m.name === 'backup')!;
    const updated = await update(backup.id, {
      add_evidence: [{ title: 'Restore test' }],
      controls: [{ framework_id: ids.iso, control_code: 'A.3' }],
      risk_ids: [ids.r2],
      state: 'IMPLEMENTED',
    });
    expect(updated.evidence.map((e) => e.title)).toEqual(['Restore test']);
    expect(updated.controls).toEqual([{ framework_id: ids.iso, control_code: 'A.3' }]);
    expect(updated.risk_ids).toEqual([ids.r2]);
    const again = await update(backup.id, { add_evidence: [{ title: 'Second' }] });
    expect(again.evidence.map((e) => e.title)).toEqual(['Restore test', 'Second']);
    expect(again.controls).toHaveLength(1);
    expect((await ctx.storage.risks.get({ organizationId: ctx.org, id: ids.r2 }))?.measure_ids).toEqual([
      backup.id,
    ]);
    expect(
      (await ctx.storage.frameworks.get({ organizationId: ctx.org, id: ids.iso }))?.covered_control_count,
    ).toBe(3);
    await expect(
      update(backup.id, { controls: [{ framework_id: ids.iso, control_code: 'Z.9' }] }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'controls.0.control_code' });
  });

  it('upserts framework controls by code without removing any', async () => {
    const updated = await ctx.storage.frameworks.update({
      organizationId: ctx.org,
      actor,
      id: ids.soc,
      patch: {
        controls: [
          { code: 'CC1', title: 'Renamed' },
          { code: 'CC2', title: 'Communication' },
        ],
      },
    });
    expect(updated.control_count).toBe(2);
    const controls = (
      await ctx.storage.frameworks.listControls({
        organizationId: ctx.org,
        frameworkId: ids.soc,
        filters: {},
      })
    ).items;
    expect(controls.map((c) => [c.code, c.title])).toEqual([
      ['CC1', 'Renamed'],
      ['CC2', 'Communication'],
    ]);
    expect(controls[0]?.measure_ids).toHaveLength(1);
    await expect(
      ctx.storage.frameworks.create({
        organizationId: ctx.org,
        actor,
        data: {
          name: 'dup',
          controls: [
            { code: 'X', title: 'a' },
            { code: 'X', title: 'b' },
          ],
        },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'controls' });
  });
});
