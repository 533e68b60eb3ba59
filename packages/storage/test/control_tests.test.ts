import type { ControlTest } from '@comply/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import type { CreateOf } from '../src/registers/define.js';
import { expectedWindows } from '../src/reports/operating-effectiveness.js';
import { DRIVERS, seedOrganization, testActor, useStorage } from './helpers.js';
import { defineListTests } from './lists.js';

describe.each(DRIVERS)('control tests on $name', ({ name }) => {
  // Today is 2026-06-15 in UTC; 2026-06-16 somewhere on Earth, so 2026-06-17 is in the future.
  const ctx = useStorage(name);
  const { clock } = ctx;
  let org: string;
  let other: string;
  let owner: string;
  let measures: string[];
  let foreignMeasure: string;
  const actor = () => testActor(owner, 'addControlTest');
  let all: ControlTest[] = [];
  const byTitle = (title: string) => all.find((t) => t.title === title)!;
  const run = (
    controlTestId: string,
    extra: Partial<Parameters<Storage['control_tests']['recordRun']>[0]> = {},
  ) =>
    ctx.storage.control_tests.recordRun({
      organizationId: org,
      actor: actor(),
      controlTestId,
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      samplesTested: 25,
      result: 'PASSED',
      ...extra,
    });

  beforeAll(async () => {
    const seeded = await seedOrganization(ctx.storage);
    org = seeded.organization.id;
    owner = seeded.user.id;
    const add = async (organizationId: string, measure: string) =>
      (await ctx.storage.measures.create({ organizationId, actor: actor(), data: { name: measure } })).id;
    measures = [await add(org, 'Access reviews'), await add(org, 'Vulnerability scanning')];
    other = (await seedOrganization(ctx.storage, 'Other')).organization.id;
    foreignMeasure = await add(other, 'Alien measure');
    const rows: CreateOf<'control_tests'>[] = [
      { measure_id: measures[0]!, title: 'Leavers disabled', frequency: 'QUARTERLY', sample_size: 25 },
      { measure_id: measures[0]!, title: 'admin review', frequency: 'SEMI_ANNUALLY', status: 'RETIRED' },
      {
        measure_id: measures[1]!,
        title: 'Critical findings fixed',
        frequency: 'MONTHLY',
        procedure: 'Scan SLA.',
      },
      { measure_id: measures[1]!, title: 'Weekly scan ran', frequency: 'WEEKLY' },
    ];
    for (const [index, data] of rows.entries()) {
      clock.set(`2026-06-15T13:0${[3, 1, 4, 2][index]}:00.000Z`);
      await ctx.storage.control_tests.create({ organizationId: org, actor: actor(), data });
    }
    await ctx.storage.control_tests.create({
      organizationId: other,
      actor: actor(),
      data: { measure_id: foreignMeasure, title: 'Alien test', frequency: 'ANNUALLY' },
    });
    clock.set('2026-06-15T14:00:00.000Z');
    const first = await ctx.storage.control_tests.list({ organizationId: org, pageSize: 100 });
    const weekly = first.items.find((t) => t.title === 'Weekly scan ran')!;
    await ctx.storage.control_tests.update({
      organizationId: org,
      actor: actor(),
      id: weekly.id,
      patch: { owner: 'SecOps' },
    });
    clock.set('2026-06-15T12:00:00.000Z');
    all = (await ctx.storage.control_tests.list({ organizationId: org, pageSize: 100 })).items;
  });

  it('keeps the plan as written, ACTIVE by default, with no runs yet', () => {
    expect(all).toHaveLength(4);
    expect(byTitle('Leavers disabled')).toMatchObject({
      measure_id: measures[0],
      frequency: 'QUARTERLY',
      sample_size: 25,
      status: 'ACTIVE',
      last_result: null,
      last_period_end: null,
      latest_runs: [],
    });
  });

  it('answers NOT_FOUND for a measure of another organization as for an unknown one', async () => {
    for (const measure_id of [foreignMeasure, 'msr_unknown']) {
      await expect(
        ctx.storage.control_tests.create({
          organizationId: org,
          actor: actor(),
          data: { measure_id, title: 'Foreign', frequency: 'WEEKLY' },
        }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'measure_id' });
    }
  });

  defineListTests({
    state: () => ({ list: ctx.storage.control_tests.list, organizationId: org, all }),
    filters: [
      [{ frequency: ['QUARTERLY', 'WEEKLY'] }, (t) => ['QUARTERLY', 'WEEKLY'].includes(t.frequency)],
      [{ status: ['RETIRED'] }, (t) => t.status === 'RETIRED'],
      [{ query: 'scan sla' }, (t) => t.title === 'Critical findings fixed'],
      [{ query: 'REVIEW' }, (t) => t.title === 'admin review'],
    ],
    orderings: [
      ['title', (t) => t.title.toLowerCase()],
      ['frequency', (t) => t.frequency],
    ],
    defaultOrder: { field: 'title', direction: 'asc' },
  });

  it('filters by measure', async () => {
    const page = await ctx.storage.control_tests.list({
      organizationId: org,
      filters: { measure_id: measures[1]! },
    });
    expect(page.items.map((t) => t.title).sort()).toEqual(['Critical findings fixed', 'Weekly scan ran']);
  });

  it('records runs that show on the test, latest period first, each audited', async () => {
    const test = byTitle('Leavers disabled');
    const q1 = await run(test.id, { notes: 'Clean.' });
    const q2 = await run(test.id, {
      periodStart: '2026-04-01',
      periodEnd: '2026-06-14',
      result: 'FAILED',
      exceptions: ['Two leavers still active after a week.'],
    });
    expect(q1).toMatchObject({
      control_test_id: test.id,
      measure_id: measures[0],
      period_start: '2026-01-01',
      period_end: '2026-03-31',
      performed_by: owner,
      performed_at: '2026-06-15T12:00:00.000Z',
      notes: 'Clean.',
      exceptions: [],
      evidence_ids: [],
      nonconformity_id: null,
    });
    const got = await ctx.storage.control_tests.get({ organizationId: org, id: test.id });
    expect(got?.latest_runs.map((r) => r.id)).toEqual([q2.id, q1.id]);
    expect(got).toMatchObject({ last_result: 'FAILED', last_period_end: '2026-06-14' });
    const log = await ctx.storage.db
      .selectFrom('audit_log')
      .select(['record_id', 'actor_user_id'])
      .where('record_type', '=', 'test_run')
      .where('record_id', 'in', [q1.id, q2.id])
      .execute();
    expect(log).toHaveLength(2);
    expect(log.every((entry) => entry.actor_user_id === owner)).toBe(true);
  });

  it('refuses a period ending before it starts or in the future, and a future performed_at', async () => {
    const id = byTitle('Weekly scan ran').id;
    await expect(run(id, { periodStart: '2026-03-02', periodEnd: '2026-03-01' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'period_end',
    });
    await expect(run(id, { periodEnd: '2026-06-17' })).rejects.toMatchObject({ field: 'period_end' });
    await expect(run(id, { performedAt: '2026-06-16T12:00:00.000Z' })).rejects.toMatchObject({
      field: 'performed_at',
    });
  });

  it('refuses a performer, evidence or test outside the organization, writing nothing', async () => {
    const id = byTitle('Weekly scan ran').id;
    const stranger = (await seedOrganization(ctx.storage, 'Stranger')).user.id;
    await expect(run(id, { performedBy: stranger })).rejects.toMatchObject({ field: 'performed_by' });
    await expect(run(id, { evidenceIds: ['evd_unknown'] })).rejects.toMatchObject({ field: 'evidence_ids' });
    const alien = (await ctx.storage.control_tests.list({ organizationId: other })).items[0]!;
    await expect(run(alien.id)).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'control_test_id' });
    // A failing part leaves no run and no nonconformity behind.
    const before = await ctx.storage.nonconformities.list({ organizationId: org });
    await expect(
      run(id, { exceptions: ['x'], raiseNonconformity: { severity: 'MINOR' }, evidenceIds: ['evd_unknown'] }),
    ).rejects.toMatchObject({ field: 'evidence_ids' });
    expect((await ctx.storage.nonconformities.list({ organizationId: org })).total_count).toBe(
      before.total_count,
    );
    expect(
      (await ctx.storage.control_tests.listRuns({ organizationId: org, filters: { control_test_id: id } }))
        .total_count,
    ).toBe(0);
  });

  it('raises a nonconformity from the exceptions in the same step, linked to the run and measure', async () => {
    const test = byTitle('Critical findings fixed');
    const evidence = await ctx.storage.evidence.create({
      organizationId: org,
      actor: actor(),
      data: { kind: 'TEXT', title: 'Scanner export', text: 'May findings.' },
    });
    const recorded = await run(test.id, {
      periodStart: '2026-05-01',
      periodEnd: '2026-05-31',
      result: 'PASSED_WITH_EXCEPTIONS',
      exceptions: ['One critical finding fixed after 20 days.'],
      evidenceIds: [evidence.id],
      raiseNonconformity: { severity: 'MINOR' },
    });
    expect(recorded.evidence_ids).toEqual([evidence.id]);
    const nc = await ctx.storage.nonconformities.get({ organizationId: org, id: recorded.nonconformity_id! });
    expect(nc).toMatchObject({
      severity: 'MINOR',
      status: 'OPEN',
      measure_id: measures[1],
      title: 'Control test exceptions: Critical findings fixed',
    });
    expect(nc?.description).toContain('One critical finding fixed after 20 days.');
    expect(nc?.description).toContain(recorded.id);
    await expect(run(test.id, { raiseNonconformity: { severity: 'MAJOR' } })).rejects.toMatchObject({
      field: 'raise_nonconformity',
    });
  });

  it('returns the first run when retried with the same idempotency key', async () => {
    const id = byTitle('Weekly scan ran').id;
    const first = await run(id, {
      periodStart: '2026-06-01',
      periodEnd: '2026-06-07',
      idempotencyKey: 'wk23',
    });
    const again = await run(id, {
      periodStart: '2026-06-01',
      periodEnd: '2026-06-07',
      idempotencyKey: 'wk23',
    });
    expect(again).toEqual(first);
  });

  it('never changes or deletes a run: the database refuses it', async () => {
    const [one] = (await ctx.storage.control_tests.listRuns({ organizationId: org, filters: {} })).items;
    await expect(
      ctx.storage.db
        .updateTable('control_test_runs')
        .set({ result: 'PASSED' })
        .where('id', '=', one!.id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      ctx.storage.db.deleteFrom('control_test_runs').where('id', '=', one!.id).execute(),
    ).rejects.toThrow();
    expect((await ctx.storage.control_tests.listRuns({ organizationId: org, filters: {} })).items[0]).toEqual(
      one,
    );
  });

  it('lists runs by test, measure, result and overlapping period, paged', async () => {
    const list = (filters: object, pageSize = 50) =>
      ctx.storage.control_tests.listRuns({ organizationId: org, filters, pageSize });
    const everything = (await list({})).items;
    expect(everything.map((r) => r.period_end)).toEqual(
      [...everything.map((r) => r.period_end)].sort().reverse(),
    );
    expect((await list({ measure_id: measures[0]! })).items.every((r) => r.measure_id === measures[0])).toBe(
      true,
    );
    expect((await list({ result: ['FAILED'] })).items.map((r) => r.period_end)).toEqual(['2026-06-14']);
    // Periods overlapping 2026-04-15..2026-05-15: April–June and May, not January–March.
    expect((await list({ from: '2026-04-15', to: '2026-05-15' })).items.map((r) => r.period_start)).toEqual([
      '2026-04-01',
      '2026-05-01',
    ]);
    expect((await list({ from: '2026-04-01', to: '2026-04-30' })).items.map((r) => r.period_start)).toEqual([
      '2026-04-01',
    ]);
    const first = await list({}, 2);
    expect(first.items).toHaveLength(2);
    const second = await ctx.storage.control_tests.listRuns({
      organizationId: org,
      filters: {},
      pageSize: 2,
      cursor: first.next_cursor!,
    });
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(
      everything.slice(0, 4).map((r) => r.id),
    );
    expect(
      (await ctx.storage.control_tests.listRuns({ organizationId: other, filters: {} })).total_count,
    ).toBe(0);
  });
});

describe('expected windows of a frequency over a period', () => {
  it('cuts the period into consecutive windows, the last one at its end', () => {
    expect(expectedWindows({ frequency: 'QUARTERLY', start: '2025-07-01', end: '2026-06-30' })).toEqual([
      { start: '2025-07-01', end: '2025-09-30' },
      { start: '2025-10-01', end: '2025-12-31' },
      { start: '2026-01-01', end: '2026-03-31' },
      { start: '2026-04-01', end: '2026-06-30' },
    ]);
    expect(expectedWindows({ frequency: 'MONTHLY', start: '2026-01-31', end: '2026-04-15' })).toEqual([
      { start: '2026-01-31', end: '2026-02-27' },
      { start: '2026-02-28', end: '2026-03-30' },
      { start: '2026-03-31', end: '2026-04-15' },
    ]);
    expect(expectedWindows({ frequency: 'WEEKLY', start: '2026-06-01', end: '2026-06-10' })).toEqual([
      { start: '2026-06-01', end: '2026-06-07' },
      { start: '2026-06-08', end: '2026-06-10' },
    ]);
    expect(expectedWindows({ frequency: 'ANNUALLY', start: '2026-01-01', end: '2026-01-01' })).toEqual([
      { start: '2026-01-01', end: '2026-01-01' },
    ]);
  });
});
