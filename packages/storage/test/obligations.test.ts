import { beforeAll, describe, expect, it } from 'vitest';
import type { Obligation, ObligationCreate } from '../src/index.js';
import { DRIVERS, testActor, updaterOf, useOrganization } from './helpers.js';
import { defineListTests, seedListRecords } from './lists.js';

describe.each(DRIVERS)('obligations on $name', ({ name }) => {
  const ctx = useOrganization(name);
  const actor = testActor(null, 'addObligation');
  let all: Obligation[] = [];
  const update = updaterOf(ctx, actor, (storage) => storage.obligations);

  beforeAll(async () => {
    const rows: ObligationCreate[] = [
      {
        title: 'GDPR records',
        source: 'LAW',
        regulator: 'CNIL',
        area: 'Data protection',
        owner: 'DPO',
        due_date: '2026-06-01',
        requirement: 'Keep a record of processing',
      },
      {
        title: 'backup policy',
        source: 'POLICY',
        area: 'IT',
        owner: 'cto',
        status: 'COMPLIANT',
        due_date: '2026-05-01',
        last_review_date: '2026-01-10',
      },
      {
        title: 'DORA register',
        source: 'REGULATION',
        regulator: 'cnil',
        area: 'data protection',
        owner: 'dpo',
        status: 'PARTIALLY_COMPLIANT',
        due_date: '2026-09-30',
        last_review_date: '2025-12-01',
      },
      { title: 'Customer SLA', source: 'CONTRACT', owner: 'Sales', due_date: '2026-06-01' },
      { title: 'ISO clause 9', source: 'STANDARD', area: 'IT', last_review_date: '2026-04-01' },
      {
        title: 'annual training',
        source: 'POLICY',
        status: 'PARTIALLY_COMPLIANT',
        due_date: '2026-06-14',
        actions: 'plan sessions',
      },
    ];
    all = await seedListRecords({ ...ctx, organizationId: ctx.org, actor }, ctx.storage.obligations, {
      rows,
      minutes: [4, 2, 6, 1, 5, 3],
      foreign: { title: 'alien', source: 'LAW' },
      touched: { named: ['ISO clause 9', 'Customer SLA'], name: (o) => o.title, patch: { actions: 'x' } },
    });
  });

  it('computes overdue from due_date, status and the clock', () => {
    const overdue = all
      .filter((o) => o.overdue)
      .map((o) => o.title)
      .sort();
    expect(overdue).toEqual(['Customer SLA', 'GDPR records', 'annual training']);
  });

  defineListTests<Obligation>({
    state: () => ({ list: (p) => ctx.storage.obligations.list(p), organizationId: ctx.org, all }),
    filters: [
      [{ status: ['PARTIALLY_COMPLIANT', 'COMPLIANT'] }, (o) => o.status !== 'NON_COMPLIANT'],
      [{ source: ['POLICY'] }, (o) => o.source === 'POLICY'],
      [{ area: 'DATA PROTECTION' }, (o) => o.area?.toLowerCase() === 'data protection'],
      [{ owner: 'DPO' }, (o) => o.owner?.toLowerCase() === 'dpo'],
      [{ regulator: 'Cnil' }, (o) => o.regulator?.toLowerCase() === 'cnil'],
      [{ query: 'record' }, (o) => o.title === 'GDPR records'],
      [{ query: 'REGISTER' }, (o) => o.title === 'DORA register'],
      [{ due_before: '2026-06-01' }, (o) => o.due_date !== null && o.due_date < '2026-06-01'],
      [{ due_after: '2026-06-01' }, (o) => o.due_date !== null && o.due_date > '2026-06-01'],
      [{ overdue: true }, (o) => o.overdue],
      [{ overdue: false }, (o) => !o.overdue],
      [
        { reviewed_before: '2026-02-01' },
        (o) => o.last_review_date !== null && o.last_review_date < '2026-02-01',
      ],
    ],
    orderings: [
      ['due_date', (o) => o.due_date],
      ['title', (o) => o.title.toLowerCase()],
    ],
    defaultOrder: { field: 'due_date', direction: 'asc' },
  });

  it('is no longer overdue once COMPLIANT', async () => {
    const gdpr = all.find((o) => o.title === 'GDPR records')!;
    const done = await update(gdpr.id, { status: 'COMPLIANT' });
    expect(done.overdue).toBe(false);
  });
});
