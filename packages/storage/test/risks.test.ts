import { beforeAll, describe, expect, it } from 'vitest';
import type { Risk, RiskCreate, Storage } from '../src/index.js';
import { DRIVERS, seedOrganization, testActor, updaterOf, useOrganization } from './helpers.js';
import { checkFilter, checkOrdering, collect, idOrders } from './lists.js';

describe.each(DRIVERS)('risks on $name', ({ name }) => {
  const ctx = useOrganization(name);
  const { clock } = ctx;
  const actor = testActor(null, 'addRisk');
  let all: Risk[] = [];
  const update = updaterOf(ctx, actor, (storage) => storage.risks);
  const measures: Record<'impl' | 'prog' | 'na', string> = { impl: '', prog: '', na: '' };
  const list = (params: Parameters<Storage['risks']['list']>[0]) => ctx.storage.risks.list(params);

  beforeAll(async () => {
    const measure = async (state: 'IMPLEMENTED' | 'IN_PROGRESS' | 'NOT_APPLICABLE') =>
      (await ctx.storage.measures.create({ organizationId: ctx.org, actor, data: { name: state, state } }))
        .id;
    measures.impl = await measure('IMPLEMENTED');
    measures.prog = await measure('IN_PROGRESS');
    measures.na = await measure('NOT_APPLICABLE');
    const rows: RiskCreate[] = [
      {
        name: 'delta',
        category: 'Security',
        owner: 'CISO',
        status: 'OPEN',
        treatment: 'MITIGATE',
        inherent_likelihood: 5,
        inherent_impact: 5,
        residual_likelihood: 4,
        residual_impact: 4,
        review_date: '2026-07-01',
        description: 'Ransomware attack',
        measure_ids: [measures.impl],
      },
      {
        name: 'Alpha',
        category: 'security',
        owner: 'cto',
        status: 'IN_TREATMENT',
        treatment: 'ACCEPT',
        inherent_likelihood: 3,
        inherent_impact: 3,
        measure_ids: [measures.impl, measures.prog],
      },
      {
        name: 'charlie',
        category: 'Legal',
        owner: 'CISO',
        status: 'ACCEPTED',
        inherent_likelihood: 2,
        inherent_impact: 2,
        review_date: '2026-05-01',
      },
      {
        name: 'bravo',
        status: 'CLOSED',
        treatment: 'TRANSFER',
        inherent_likelihood: 4,
        inherent_impact: 5,
        residual_likelihood: 2,
        residual_impact: 5,
        review_date: '2026-08-01',
        description: 'Phishing 100%',
        measure_ids: [measures.na, measures.impl],
      },
      {
        name: 'Echo',
        category: 'Legal',
        owner: 'Ops',
        status: 'OPEN',
        treatment: 'AVOID',
        inherent_likelihood: 1,
        inherent_impact: 5,
        measure_ids: [measures.prog],
      },
      {
        name: 'foxtrot',
        category: 'Security',
        owner: 'ops',
        status: 'OPEN',
        treatment: 'MITIGATE',
        inherent_likelihood: 4,
        inherent_impact: 4,
        review_date: '2026-07-01',
      },
    ];
    // Creation times out of id order, so ordering by created_at differs from ordering by id.
    const minutes = [3, 1, 5, 2, 6, 4];
    for (const [index, data] of rows.entries()) {
      clock.set(`2026-06-15T13:0${minutes[index]}:00.000Z`);
      // ACCEPTED or treatment ACCEPT come only from an acceptance: added OPEN, accepted, then moved
      // back to its status (Alpha: IN_TREATMENT, still treated by ACCEPT).
      const accepting = data.status === 'ACCEPTED' || data.treatment === 'ACCEPT';
      const created = await ctx.storage.risks.create({
        organizationId: ctx.org,
        actor,
        data: accepting ? { ...data, status: 'OPEN', treatment: null } : data,
      });
      if (!accepting) continue;
      await ctx.storage.riskAcceptances.accept({
        organizationId: ctx.org,
        actor,
        role: 'OWNER',
        riskId: created.id,
        rationale: 'Within appetite.',
        expiresOn: '2027-06-15',
      });
      if (data.status !== 'ACCEPTED') {
        await update(created.id, { status: data.status });
      }
    }
    // A second organization's risks must never show up.
    const other = (await seedOrganization(ctx.storage, 'Other')).organization.id;
    await ctx.storage.risks.create({
      organizationId: other,
      actor,
      data: { name: 'alien', inherent_likelihood: 5, inherent_impact: 5 },
    });
    all = (await ctx.storage.risks.list({ organizationId: ctx.org, pageSize: 100 })).items;
    for (const n of ['charlie', 'Alpha']) {
      clock.tick(60_000);
      const risk = all.find((r) => r.name === n)!;
      await update(risk.id, { note: 'reviewed' });
    }
    all = (await ctx.storage.risks.list({ organizationId: ctx.org, pageSize: 100 })).items;
  });

  it('lists every risk with the same links and mitigation as reading it alone', async () => {
    // Lists read a page's links in one query per link table; get reads them per risk.
    const linked = (await seedOrganization(ctx.storage, 'Linked')).organization.id;
    const at = { organizationId: linked, actor };
    const measure = async (state: 'IMPLEMENTED' | 'IN_PROGRESS' | 'NOT_APPLICABLE') =>
      (await ctx.storage.measures.create({ ...at, data: { name: state, state } })).id;
    const [impl, prog, na] = [
      await measure('IMPLEMENTED'),
      await measure('IN_PROGRESS'),
      await measure('NOT_APPLICABLE'),
    ];
    const asset = async (assetName: string) =>
      (await ctx.storage.assets.create({ ...at, data: { name: assetName, type: 'SYSTEM' } })).id;
    const [crm, erp] = [await asset('crm'), await asset('erp')];
    const links: Pick<RiskCreate, 'measure_ids' | 'asset_ids'>[] = [
      {},
      { measure_ids: [impl] },
      { measure_ids: [prog, impl], asset_ids: [erp, crm] },
      { measure_ids: [na] },
      { measure_ids: [na, impl, prog], asset_ids: [crm] },
      { asset_ids: [erp] },
    ];
    for (const [index, link] of links.entries()) {
      await ctx.storage.risks.create({
        ...at,
        data: { name: `linked ${index}`, inherent_likelihood: 3, inherent_impact: 3, ...link },
      });
    }
    for (const pageSize of [100, 2]) {
      const listed = await collect({ list, organizationId: linked, pageSize });
      expect(listed).toHaveLength(links.length);
      expect(listed.filter((risk) => risk.asset_ids.length > 0)).toHaveLength(3);
      expect(new Set(listed.map((risk) => risk.mitigation.status))).toEqual(
        new Set(['UNMITIGATED', 'PLANNED', 'MITIGATED', 'PARTIALLY_MITIGATED']),
      );
      for (const risk of listed) {
        expect(risk).toEqual(await ctx.storage.risks.get({ organizationId: linked, id: risk.id }));
      }
    }
  });

  it('computes scores and mitigation in one place', () => {
    const byName = Object.fromEntries(all.map((r) => [r.name, r]));
    expect(all).toHaveLength(6);
    expect(byName.delta).toMatchObject({
      inherent_score: 25,
      residual_score: 16,
      mitigation: { status: 'MITIGATED', measures_total: 1, measures_implemented: 1 },
    });
    expect(byName.Alpha).toMatchObject({
      residual_likelihood: 3,
      residual_score: 9,
      mitigation: { status: 'PARTIALLY_MITIGATED', measures_total: 2, measures_implemented: 1 },
    });
    expect(byName.bravo?.mitigation.status).toBe('MITIGATED');
    expect(byName.charlie?.mitigation).toEqual({
      status: 'UNMITIGATED',
      measures_total: 0,
      measures_implemented: 0,
    });
    expect(byName.bravo?.measure_ids).toEqual([measures.na, measures.impl].sort());
  });

  it.each([
    [{ status: ['OPEN'] }, (r: Risk) => r.status === 'OPEN'],
    [{ status: ['OPEN', 'CLOSED'] }, (r: Risk) => r.status === 'OPEN' || r.status === 'CLOSED'],
    [
      { treatment: ['MITIGATE', 'AVOID'] },
      (r: Risk) => r.treatment === 'MITIGATE' || r.treatment === 'AVOID',
    ],
    [{ mitigation_status: ['UNMITIGATED'] }, (r: Risk) => r.mitigation.status === 'UNMITIGATED'],
    [
      { mitigation_status: ['PARTIALLY_MITIGATED'] },
      (r: Risk) => r.mitigation.status === 'PARTIALLY_MITIGATED',
    ],
    [{ mitigation_status: ['MITIGATED'] }, (r: Risk) => r.mitigation.status === 'MITIGATED'],
    [{ category: 'SECURITY' }, (r: Risk) => r.category?.toLowerCase() === 'security'],
    [{ owner: 'ciso' }, (r: Risk) => r.owner === 'CISO'],
    [{ query: 'RANSOM' }, (r: Risk) => r.name === 'delta'],
    [{ query: 'alp' }, (r: Risk) => r.name === 'Alpha'],
    [{ query: '100%' }, (r: Risk) => r.name === 'bravo'],
    [{ min_residual_score: 10 }, (r: Risk) => r.residual_score >= 10],
    [{ max_residual_score: 5 }, (r: Risk) => r.residual_score <= 5],
    [{ min_inherent_score: 20 }, (r: Risk) => r.inherent_score >= 20],
    [{ max_inherent_score: 9 }, (r: Risk) => r.inherent_score <= 9],
    [
      { min_residual_score: 5, max_residual_score: 10 },
      (r: Risk) => r.residual_score >= 5 && r.residual_score <= 10,
    ],
    [{ has_mitigation: true }, (r: Risk) => r.measure_ids.length > 0],
    [{ has_mitigation: false }, (r: Risk) => r.measure_ids.length === 0],
    [{ review_before: '2026-07-01' }, (r: Risk) => r.review_date !== null && r.review_date < '2026-07-01'],
    [
      { status: ['OPEN'], category: 'security' },
      (r: Risk) => r.status === 'OPEN' && r.category?.toLowerCase() === 'security',
    ],
  ])('filters by %j', async (filters, expected) => {
    await checkFilter({ list, organizationId: ctx.org, all, filters, expected });
  });

  it('filters by measure_id', async () => {
    await checkFilter({
      list,
      organizationId: ctx.org,
      all,
      filters: { measure_id: measures.prog },
      expected: (r) => r.measure_ids.includes(measures.prog),
    });
  });

  it('treats LIKE wildcards in query literally', async () => {
    const page = await ctx.storage.risks.list({ organizationId: ctx.org, filters: { query: '_' } });
    expect(page.total_count).toBe(0);
  });

  it('orders by residual_score desc by default', async () => {
    const listed = await collect({ list, organizationId: ctx.org });
    const residual = listed.map((r) => r.residual_score);
    expect(residual).toEqual([...residual].sort((a, b) => b - a));
    await checkOrdering({
      list,
      organizationId: ctx.org,
      all,
      field: 'residual_score',
      direction: 'desc',
      key: (r) => r.residual_score,
      notLike: idOrders(all),
    });
    expect(listed.map((r) => r.id)).toEqual(
      (
        await collect({
          list,
          organizationId: ctx.org,
          orderBy: { field: 'residual_score', direction: 'desc' },
        })
      ).map((r) => r.id),
    );
  });

  const orderings: [string, (r: Risk) => string | number | null][] = [
    ['residual_score', (r) => r.residual_score],
    ['inherent_score', (r) => r.inherent_score],
    ['name', (r) => r.name.toLowerCase()],
    ['created_at', (r) => r.created_at],
    ['updated_at', (r) => r.updated_at],
    ['review_date', (r) => r.review_date],
  ];
  for (const [field, key] of orderings) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`orders by ${field} ${direction}`, async () => {
        const notLike = [...idOrders(all)];
        if (field !== 'residual_score') {
          notLike.push((await collect({ list, organizationId: ctx.org })).map((r) => r.id));
        }
        await checkOrdering({ list, organizationId: ctx.org, all, field, direction, key, notLike });
      });
    }
  }

  it('rejects an unknown order_by field and a bad page_size', async () => {
    await expect(
      list({ organizationId: ctx.org, orderBy: { field: 'owner' as 'name' } }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'order_by.field',
    });
    await expect(list({ organizationId: ctx.org, pageSize: 101 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'page_size',
    });
    await expect(list({ organizationId: ctx.org, pageSize: 0 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'page_size',
    });
  });

  it('updates partially, clears with null, replaces measure links and recomputes', async () => {
    const risk = all.find((r) => r.name === 'delta')!;
    const updated = await update(risk.id, {
      residual_impact: 1,
      description: null,
      measure_ids: [measures.prog],
    });
    expect(updated).toMatchObject({
      name: 'delta',
      residual_score: 4,
      description: null,
      category: 'Security',
      measure_ids: [measures.prog],
    });
    // Linked measures, none IMPLEMENTED: not mitigated yet.
    expect(updated.mitigation).toEqual({
      status: 'PLANNED',
      measures_total: 1,
      measures_implemented: 0,
    });
    await update(risk.id, { measure_ids: [] });
    expect((await ctx.storage.risks.get({ organizationId: ctx.org, id: risk.id }))?.mitigation.status).toBe(
      'UNMITIGATED',
    );
  });

  it('refuses invalid enum values and scores naming the field', async () => {
    await expect(
      ctx.storage.risks.create({
        organizationId: ctx.org,
        actor,
        data: { name: 'x', status: 'DONE' as 'OPEN', inherent_likelihood: 1, inherent_impact: 1 },
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'status',
      message: expect.stringContaining('OPEN, IN_TREATMENT'),
    });
    await expect(
      ctx.storage.risks.create({
        organizationId: ctx.org,
        actor,
        data: { name: 'x', inherent_likelihood: 6, inherent_impact: 1 },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'inherent_likelihood' });
  });
});
