import { beforeAll, describe, expect, it } from 'vitest';
import type { Audit, AuditCreate } from '../src/index.js';
import { DRIVERS, testActor, updaterOf, useOrganization } from './helpers.js';
import { defineListTests, seedListRecords } from './lists.js';

describe.each(DRIVERS)('audits on $name', ({ name }) => {
  const ctx = useOrganization(name);
  let framework: string;
  const actor = testActor(null, 'addAudit');
  let all: Audit[] = [];
  const update = updaterOf(ctx, actor, (storage) => storage.audits);

  beforeAll(async () => {
    framework = (
      await ctx.storage.frameworks.create({ organizationId: ctx.org, actor, data: { name: 'ISO 27001' } })
    ).id;
    const rows: AuditCreate[] = [
      {
        name: 'Surveillance',
        kind: 'EXTERNAL',
        auditor: 'BSI',
        framework_id: framework,
        start_date: '2026-07-01',
        end_date: '2026-07-03',
      },
      {
        name: 'internal Q2',
        kind: 'INTERNAL',
        auditor: 'Jane',
        state: 'COMPLETED',
        start_date: '2026-04-01',
        end_date: '2026-04-02',
      },
      {
        name: 'Certification',
        kind: 'EXTERNAL',
        auditor: 'bsi group',
        framework_id: framework,
        state: 'IN_PROGRESS',
        start_date: '2026-06-20',
      },
      { name: 'gap review', kind: 'INTERNAL' },
      { name: 'Cancelled one', kind: 'EXTERNAL', state: 'CANCELLED', start_date: '2026-06-25' },
      { name: 'Late planned', kind: 'INTERNAL', start_date: '2026-12-01' },
    ];
    all = await seedListRecords({ ...ctx, organizationId: ctx.org, actor }, ctx.storage.audits, {
      rows,
      minutes: [4, 2, 6, 1, 5, 3],
      foreign: { name: 'alien', kind: 'INTERNAL' },
      touched: { named: ['gap review', 'Surveillance'], name: (a) => a.name, patch: { notes: 'n' } },
    });
  });

  it('computes upcoming from start_date, state and the clock', () => {
    expect(
      all
        .filter((a) => a.upcoming)
        .map((a) => a.name)
        .sort(),
    ).toEqual(['Certification', 'Late planned', 'Surveillance']);
  });

  it('refuses an end_date before start_date, also when only one side changes', async () => {
    await expect(
      ctx.storage.audits.create({
        organizationId: ctx.org,
        actor,
        data: { name: 'x', kind: 'INTERNAL', start_date: '2026-07-02', end_date: '2026-07-01' },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'end_date' });
    const surveillance = all.find((a) => a.name === 'Surveillance')!;
    await expect(update(surveillance.id, { start_date: '2026-07-10' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'end_date',
    });
  });

  defineListTests<Audit>({
    state: () => ({ list: (p) => ctx.storage.audits.list(p), organizationId: ctx.org, all }),
    filters: [
      [{ state: ['PLANNED'] }, (a) => a.state === 'PLANNED'],
      [{ state: ['COMPLETED', 'CANCELLED'] }, (a) => a.state === 'COMPLETED' || a.state === 'CANCELLED'],
      [{ kind: ['INTERNAL'] }, (a) => a.kind === 'INTERNAL'],
      [{ query: 'BSI' }, (a) => a.auditor?.toLowerCase().includes('bsi') ?? false],
      [{ query: 'review' }, (a) => a.name === 'gap review'],
      [{ start_after: '2026-06-20' }, (a) => a.start_date !== null && a.start_date > '2026-06-20'],
      [{ start_before: '2026-06-25' }, (a) => a.start_date !== null && a.start_date < '2026-06-25'],
      [
        { upcoming_within_days: 10 },
        (a) => a.start_date !== null && a.start_date > '2026-06-15' && a.start_date <= '2026-06-25',
      ],
      [{ upcoming: true }, (a) => a.upcoming],
      [{ upcoming: false }, (a) => !a.upcoming],
    ],
    orderings: [
      ['start_date', (a) => a.start_date],
      ['name', (a) => a.name.toLowerCase()],
    ],
    defaultOrder: { field: 'start_date', direction: 'asc' },
  });

  it('filters by framework_id', async () => {
    const page = await ctx.storage.audits.list({
      organizationId: ctx.org,
      filters: { framework_id: framework },
      pageSize: 100,
    });
    expect(page.items.map((a) => a.name).sort()).toEqual(['Certification', 'Surveillance']);
    expect(page.total_count).toBe(2);
  });
});
