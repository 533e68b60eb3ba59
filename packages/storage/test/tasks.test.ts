import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Task } from '@comply/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../src/index.js';
import { addMonths, nextDueDate } from '../src/registers/tasks/recurrence.js';
import { DRIVERS, dropSchema, fixedClock, randomSchema, seedOrganization, testActor } from './helpers.js';
import { defineListTests } from './lists.js';

const actor = testActor(null, 'test');

/** One record of every kind of date tasks are generated from, due within the horizon (2026-07-15). */
async function seedSources(storage: Storage, org: string, ownerEmail: string) {
  const vendor = await storage.vendors.create({
    organizationId: org,
    actor,
    data: {
      name: 'Cloudy',
      last_reviewed_at: '2025-07-01',
      review_interval_days: 365,
      owner: ownerEmail,
    } as never,
  });
  const farVendor = await storage.vendors.create({
    organizationId: org,
    actor,
    data: { name: 'Later', last_reviewed_at: '2026-06-01', review_interval_days: 365 } as never,
  });
  const asset = await storage.assets.create({
    organizationId: org,
    actor,
    data: {
      name: 'Customer DB',
      type: 'DATA',
      classification: 'CONFIDENTIAL',
      last_reviewed_at: '2026-01-01',
      review_interval_days: 180,
    } as never,
  });
  const measure = await storage.measures.create({
    organizationId: org,
    actor,
    data: {
      name: 'Backups',
      evidence: [
        { title: 'Restore test', collected_at: '2025-06-20T10:00:00.000Z', valid_until: '2026-06-20' },
      ],
    } as never,
  });
  const review = await storage.management_reviews.create({
    organizationId: org,
    actor,
    data: {
      title: 'Review 2026 H1',
      review_date: '2026-01-10',
      status: 'HELD',
      next_review_due: '2026-07-10',
    } as never,
  });
  const nc = await storage.nonconformities.create({
    organizationId: org,
    actor,
    data: { title: 'Stale firewall rules', severity: 'MINOR', due_date: '2026-06-01' } as never,
  });
  // A document's next review is set when it is published (review cycle); here straight on the row.
  const document = await storage.documents.create({
    organizationId: org,
    actor,
    data: { title: 'Access control policy', kind: 'POLICY', owner: ownerEmail } as never,
  });
  await sql`update documents set next_review_due = '2026-07-05' where id = ${document.id}`.execute(
    storage.db,
  );
  // Weekly, planned on 2026-06-01 (set on the row) and never run: its first run was due 2026-06-08.
  const controlTest = await storage.control_tests.create({
    organizationId: org,
    actor,
    data: { measure_id: measure.id, title: 'Backups restored', frequency: 'WEEKLY' } as never,
  });
  await sql`update control_tests set created_at = '2026-06-01T09:00:00Z' where id = ${controlTest.id}`.execute(
    storage.db,
  );
  return { vendor, farVendor, asset, measure, review, nc, document, controlTest };
}

const generatedOf = async (storage: Storage, org: string) =>
  (await storage.tasks.list({ organizationId: org, pageSize: 100, filters: {} })).items.filter(
    (t) => t.source !== null,
  );

describe.each(DRIVERS)('tasks on $name', ({ name }) => {
  let storage: Storage;
  let schema: string;
  const clock = fixedClock('2026-06-15T12:00:00.000Z');
  let org: string;
  let other: string;
  let owner: { id: string; email: string };
  let sources: Awaited<ReturnType<typeof seedSources>>;

  beforeAll(async () => {
    schema = randomSchema();
    storage = await openStorage({
      databaseUrl: name === 'postgres' ? process.env.TEST_DATABASE_URL : 'memory://',
      schema,
      clock,
    });
    const seeded = await seedOrganization(storage);
    org = seeded.organization.id;
    owner = seeded.user;
    other = (await seedOrganization(storage, 'Other')).organization.id;
    sources = await seedSources(storage, org, owner.email);
  }, 180_000);
  afterAll(async () => {
    await storage?.close();
    if (name === 'postgres') await dropSchema(schema);
  });

  it('generates one task from each kind of date, due within the horizon, and nothing twice', async () => {
    const first = await storage.tasks.generate({ organizationId: org });
    expect(first).toEqual({ created: 7, closed: 0 });
    const tasks = await generatedOf(storage, org);
    const by = (kind: string) => tasks.find((t) => t.kind === kind)!;
    expect(by('VENDOR_REVIEW')).toMatchObject({
      subject_id: sources.vendor.id,
      source: 'vendors.next_review_due',
      due_date: '2026-07-01',
      status: 'OPEN',
      title: 'Review vendor: Cloudy',
      // The vendor's owner is the member's e-mail address: the task is theirs.
      assignee_id: owner.id,
      overdue: false,
    });
    expect(by('ACCESS_REVIEW')).toMatchObject({ subject_id: sources.asset.id, due_date: '2026-06-30' });
    expect(by('EVIDENCE_RENEWAL')).toMatchObject({ subject_id: sources.measure.id, due_date: '2026-06-20' });
    expect(by('MANAGEMENT_REVIEW')).toMatchObject({ subject_id: sources.review.id, due_date: '2026-07-10' });
    expect(by('CORRECTIVE_ACTION')).toMatchObject({
      subject_id: sources.nc.id,
      due_date: '2026-06-01',
      overdue: true,
    });
    expect(by('DOCUMENT_REVIEW')).toMatchObject({
      subject_id: sources.document.id,
      source: 'documents.next_review_due',
      due_date: '2026-07-05',
      title: 'Review document: Access control policy',
      assignee_id: owner.id,
    });
    expect(by('CONTROL_TEST')).toMatchObject({
      subject_id: sources.controlTest.id,
      source: 'control_tests.frequency',
      due_date: '2026-06-08',
      title: 'Run control test: Backups restored',
      overdue: true,
    });
    // The vendor reviewed on 2026-06-01 is next due in 2027: beyond the horizon, no task yet.
    expect(tasks.some((t) => t.subject_id === sources.farVendor.id)).toBe(false);
    expect(await storage.tasks.generate({ organizationId: org })).toEqual({ created: 0, closed: 0 });
    expect(await generatedOf(storage, org)).toHaveLength(7);
    // The other organization's generation sees none of these records.
    expect(await storage.tasks.generate({ organizationId: other })).toEqual({ created: 0, closed: 0 });
  });

  it('writes every generated task into the audit log, by no account', async () => {
    const [task] = await generatedOf(storage, org);
    const log = await storage.auditLog.list({ organizationId: org, filters: { record_id: task!.id } });
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ action: 'generateTasks', record_type: 'task', before: null });
    expect(log.items[0]!.after).toEqual(task);
  });

  it('closes a task when its record is brought up to date, and generates the next one in the horizon', async () => {
    const task = (await generatedOf(storage, org)).find((t) => t.kind === 'ACCESS_REVIEW')!;
    clock.set('2026-06-15T12:05:00.000Z');
    // Reviewed today with a 20-day interval: next due 2026-07-05, within the horizon.
    await storage.assets.update({
      organizationId: org,
      actor,
      id: sources.asset.id,
      patch: { last_reviewed_at: '2026-06-15', review_interval_days: 20 } as never,
    });
    expect(await storage.tasks.generate({ organizationId: org })).toEqual({ created: 1, closed: 1 });
    const closed = await storage.tasks.get({ organizationId: org, id: task.id });
    expect(closed).toMatchObject({
      status: 'DONE',
      completion_note: 'Brought up to date: assets.next_review_due moved to 2026-07-05.',
      completed_at: '2026-06-15T12:05:00.000Z',
    });
    const next = (await generatedOf(storage, org)).filter(
      (t) => t.kind === 'ACCESS_REVIEW' && t.status === 'OPEN',
    );
    expect(next.map((t) => t.due_date)).toEqual(['2026-07-05']);
    // New evidence valid for a year brings the renewal up to date (beyond the horizon: no new task).
    await storage.measures.update({
      organizationId: org,
      actor,
      id: sources.measure.id,
      patch: { add_evidence: [{ title: 'Restore test 2026', valid_until: '2027-06-15' }] } as never,
    });
    // Closing the nonconformity brings its corrective action up to date too.
    await storage.nonconformities.update({
      organizationId: org,
      actor,
      id: sources.nc.id,
      patch: { status: 'CLOSED', root_cause: 'No review', corrective_action: 'Quarterly review' } as never,
    });
    expect(await storage.tasks.generate({ organizationId: org })).toEqual({ created: 0, closed: 2 });
    const all = await generatedOf(storage, org);
    expect(all.find((t) => t.kind === 'EVIDENCE_RENEWAL')).toMatchObject({
      status: 'DONE',
      completion_note: 'Brought up to date: evidence.valid_until moved to 2027-06-15.',
    });
    expect(all.find((t) => t.kind === 'CORRECTIVE_ACTION')).toMatchObject({
      status: 'DONE',
      completion_note: 'Brought up to date: nonconformities.due_date no longer asks for it.',
    });
    const log = await storage.auditLog.list({ organizationId: org, filters: { record_id: task.id } });
    expect(log.items.map((e) => (e.after as Task).status).sort()).toEqual(['DONE', 'OPEN']);
  });

  it("moves a control test's task on when a run is recorded, and drops it when the test is retired", async () => {
    const openTest = async () =>
      (await generatedOf(storage, org)).filter((t) => t.kind === 'CONTROL_TEST' && t.status === 'OPEN');
    const [before] = await openTest();
    await storage.control_tests.recordRun({
      organizationId: org,
      actor: testActor(owner.id, 'recordTestRun'),
      controlTestId: sources.controlTest.id,
      periodStart: '2026-06-08',
      periodEnd: '2026-06-14',
      samplesTested: 5,
      result: 'PASSED',
    });
    expect(await storage.tasks.generate({ organizationId: org })).toEqual({ created: 1, closed: 1 });
    expect(await storage.tasks.get({ organizationId: org, id: before!.id })).toMatchObject({
      status: 'DONE',
    });
    expect((await openTest()).map((t) => t.due_date)).toEqual(['2026-06-21']);
    await storage.control_tests.update({
      organizationId: org,
      actor,
      id: sources.controlTest.id,
      patch: { status: 'RETIRED' } as never,
    });
    expect(await storage.tasks.generate({ organizationId: org })).toEqual({ created: 0, closed: 1 });
    expect(await openTest()).toEqual([]);
  });

  it('keeps a task completed by hand completed: no new task for the same date', async () => {
    const task = (await generatedOf(storage, org)).find((t) => t.kind === 'VENDOR_REVIEW')!;
    const done = await storage.tasks.complete({
      organizationId: org,
      actor: testActor(owner.id, 'completeTask'),
      id: task.id,
      note: 'Reviewed the SOC 2 report.',
    });
    expect(done).toMatchObject({
      status: 'DONE',
      completed_by: owner.id,
      completion_note: 'Reviewed the SOC 2 report.',
    });
    expect(await storage.tasks.generate({ organizationId: org })).toEqual({ created: 0, closed: 0 });
  });

  it('checks the assignee is a member and the subject a record of the organization', async () => {
    const stranger = await storage.users.create({
      email: `stranger-${schema}@example.com`,
      password: 'correct horse',
    });
    // Each value of `field` is refused, the error naming that field.
    const refused = async (field: 'assignee_id' | 'subject_id', values: string[]) => {
      for (const value of values) {
        const data = { title: 'x', due_date: '2026-07-01', [field]: value } as never;
        await expect(storage.tasks.create({ organizationId: org, actor, data })).rejects.toMatchObject({
          code: 'INVALID_INPUT',
          field,
        });
      }
    };
    const otherOwner = (await seedOrganization(storage, 'Third')).user;
    await refused('assignee_id', [stranger.id, otherOwner.id, 'usr_nope']);
    const foreign = await storage.vendors.create({
      organizationId: other,
      actor,
      data: { name: 'Theirs' } as never,
    });
    await refused('subject_id', [foreign.id, 'vnd_01J0000000000000000000000', 'xyz_1']);
    const mine = await storage.tasks.create({
      organizationId: org,
      actor,
      data: {
        title: 'Check the vendor',
        due_date: '2026-07-01',
        assignee_id: owner.id,
        subject_id: sources.vendor.id,
      } as never,
    });
    expect(mine).toMatchObject({ kind: 'CUSTOM', status: 'OPEN', assignee_id: owner.id, source: null });
    await expect(
      storage.tasks.update({ organizationId: org, actor, id: mine.id, patch: { assignee_id: stranger.id } }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'assignee_id' });
    await expect(
      storage.tasks.update({ organizationId: org, actor, id: mine.id, patch: { status: 'DONE' } }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'status' });
    // Another organization neither reads nor completes it.
    expect(await storage.tasks.get({ organizationId: other, id: mine.id })).toBeNull();
    await expect(storage.tasks.complete({ organizationId: other, actor, id: mine.id })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
    expect((await storage.tasks.get({ organizationId: org, id: mine.id }))!.status).toBe('OPEN');
  });

  it('creates the next occurrence of a recurring task once, and audits both', async () => {
    await expect(
      storage.tasks.create({
        organizationId: org,
        actor,
        data: { title: 'x', due_date: '2026-07-01', recurrence_every: 3 } as never,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'recurrence_unit' });
    const task = await storage.tasks.create({
      organizationId: org,
      actor,
      data: {
        kind: 'ACCESS_REVIEW',
        title: 'Quarterly admin access',
        due_date: '2026-05-31',
        recurrence_every: 3,
        recurrence_unit: 'MONTHS',
      } as never,
    });
    const by = testActor(owner.id, 'completeTask');
    const [a, b] = await Promise.all([
      storage.tasks.complete({ organizationId: org, actor: by, id: task.id, note: 'Done' }),
      storage.tasks.complete({ organizationId: org, actor: by, id: task.id, note: 'Done' }),
    ]);
    expect(a.status).toBe('DONE');
    expect(b.status).toBe('DONE');
    const series = (
      await storage.tasks.list({ organizationId: org, pageSize: 100, filters: { query: 'Quarterly admin' } })
    ).items;
    expect(series).toHaveLength(2);
    const next = series.find((t) => t.previous_task_id === task.id)!;
    // 2026-05-31 + 3 months is 2026-08-31 (after today), the day kept.
    expect(next).toMatchObject({
      due_date: '2026-08-31',
      status: 'OPEN',
      recurrence_every: 3,
      recurrence_unit: 'MONTHS',
    });
    const log = await storage.auditLog.list({ organizationId: org, filters: { record_id: next.id } });
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ action: 'completeTask', actor_user_id: owner.id });
    // Completing again returns the task unchanged and creates nothing.
    const again = await storage.tasks.complete({
      organizationId: org,
      actor: by,
      id: task.id,
      note: 'Again',
    });
    expect(again.completion_note).toBe('Done');
    // Reopening clears the completion.
    const reopened = await storage.tasks.update({
      organizationId: org,
      actor,
      id: task.id,
      patch: { status: 'OPEN' },
    });
    expect(reopened).toMatchObject({ status: 'OPEN', completed_at: null, completion_note: null });
  });

  it('creates many tasks a few per transaction, each once, also when two runs overlap', async () => {
    // More dates than one of generation's transactions takes on either engine's embedded setting.
    const many = (await seedOrganization(storage, 'Many')).organization.id;
    await sql`insert into vendors (id, organization_id, name, risk_tier, status, processes_personal_data,
        last_reviewed_at, review_interval_days, owner, created_at, updated_at)
      select 'vnd_01MANY' || lpad(n::text, 20, '0'), ${many}, 'Vendor ' || n, 'LOW', 'ACTIVE', false,
        '2025-06-20'::date + (n % 10), 365, null, now(), now()
      from generate_series(1, 130) n`.execute(storage.db);
    const results = await Promise.all([
      storage.tasks.generate({ organizationId: many }),
      storage.tasks.generate({ organizationId: many }),
    ]);
    expect(results[0]!.created + results[1]!.created).toBe(130);
    expect(await storage.tasks.generate({ organizationId: many })).toEqual({ created: 0, closed: 0 });
    const tasks = await sql<{ n: string; subjects: string }>`select count(*) as n,
        count(distinct subject_id) as subjects from tasks where organization_id = ${many}`.execute(
      storage.db,
    );
    expect(tasks.rows.map((row) => [Number(row.n), Number(row.subjects)])).toEqual([[130, 130]]);
    const { rows } = await sql<{ n: string }>`select count(*) as n from audit_log
      where organization_id = ${many} and record_type = 'task' and action = 'generateTasks'`.execute(
      storage.db,
    );
    expect(Number(rows[0]!.n)).toBe(130);
  });

  it('reads the dates and open tasks a window at a time with the same results', async () => {
    const seeded = await seedOrganization(storage, 'Windows');
    const win = seeded.organization.id;
    // 30 dates within the horizon, one in three owned by the member; 5 beyond it.
    await sql`insert into vendors (id, organization_id, name, risk_tier, status, processes_personal_data,
        last_reviewed_at, review_interval_days, owner, created_at, updated_at)
      select 'vnd_01WIN' || lpad(n::text, 21, '0'), ${win}, 'Vendor ' || n, 'LOW', 'ACTIVE', false,
        case when n <= 30 then '2025-06-20'::date + (n % 10) else '2026-06-01'::date end, 365,
        case when n % 3 = 0 then ${seeded.user.email} else null end, now(), now()
      from generate_series(1, 35) n`.execute(storage.db);
    expect(await storage.tasks.generate({ organizationId: win, window: 4 })).toEqual({
      created: 30,
      closed: 0,
    });
    expect(await storage.tasks.generate({ organizationId: win, window: 4 })).toEqual({
      created: 0,
      closed: 0,
    });
    const open = await generatedOf(storage, win);
    expect(open.map((t) => t.due_date).every((d) => d >= '2026-06-20' && d <= '2026-06-29')).toBe(true);
    expect(open.filter((t) => t.assignee_id === seeded.user.id)).toHaveLength(10);
    // A second open task for some of the same vendors (made by an earlier date), and 12 dates moved on.
    await sql`update vendors set last_reviewed_at = '2026-06-15'
      where organization_id = ${win} and id <= 'vnd_01WIN' || lpad('12', 21, '0')`.execute(storage.db);
    await sql`insert into tasks (id, organization_id, kind, title, subject_id, source, source_id, due_date,
        status, created_at, updated_at)
      select 'tsk_01WINOLD' || substr(source_id, 11), organization_id, kind, title, subject_id, source,
        source_id, due_date - 40, 'OPEN', now(), now()
      from tasks where organization_id = ${win} and source_id > 'vnd_01WIN' || lpad('25', 21, '0')`.execute(
      storage.db,
    );
    expect(await storage.tasks.generate({ organizationId: win, window: 4 })).toEqual({
      created: 0,
      closed: 17,
    });
    const after = await generatedOf(storage, win);
    expect(after.filter((t) => t.status === 'OPEN')).toHaveLength(18);
    expect(after.filter((t) => t.completion_note?.includes('moved to 2027-06-15'))).toHaveLength(12);
    expect(after.filter((t) => t.id.startsWith('tsk_01WINOLD') && t.status === 'DONE')).toHaveLength(5);
    expect(await storage.tasks.generate({ organizationId: win })).toEqual({ created: 0, closed: 0 });
  });

  describe('lists', () => {
    let all: Task[] = [];
    beforeAll(async () => {
      all = (await storage.tasks.list({ organizationId: org, pageSize: 100, filters: {} })).items;
    });
    it('has tasks to list', () => expect(all.length).toBeGreaterThan(6));
    defineListTests<Task>({
      state: () => ({ list: (p) => storage.tasks.list(p as never), organizationId: org, all }),
      filters: [
        [{ status: ['OPEN'] }, (t) => t.status === 'OPEN'],
        [{ kind: ['VENDOR_REVIEW', 'CUSTOM'] }, (t) => t.kind === 'VENDOR_REVIEW' || t.kind === 'CUSTOM'],
        [{ due_before: '2026-07-01' }, (t) => t.due_date < '2026-07-01'],
        [{ overdue: true }, (t) => t.overdue],
        [{ overdue: false }, (t) => !t.overdue],
        [{ query: 'vendor' }, (t) => /vendor/i.test(t.title)],
      ],
      orderings: [
        ['due_date', (t) => t.due_date],
        ['title', (t) => t.title.toLowerCase()],
      ],
      timestamps: ['updated_at'],
      defaultOrder: { field: 'due_date', direction: 'asc' },
    });
  });
});

describe.each(DRIVERS)('task generation across a restart on $name', ({ name }) => {
  it('creates nothing again after the storage is reopened', async () => {
    const clock = fixedClock('2026-06-15T12:00:00.000Z');
    const dir = name === 'pglite' ? await mkdtemp(join(tmpdir(), 'comply-tasks-')) : undefined;
    const schema = randomSchema();
    const options =
      name === 'postgres'
        ? { databaseUrl: process.env.TEST_DATABASE_URL, schema, clock }
        : { dataDir: join(dir!, 'data'), clock };
    let storage = await openStorage(options);
    try {
      const seeded = await seedOrganization(storage);
      await seedSources(storage, seeded.organization.id, seeded.user.email);
      expect((await storage.tasks.generate({ organizationId: seeded.organization.id })).created).toBe(7);
      await storage.close();
      storage = await openStorage(options);
      expect(await storage.tasks.generate({ organizationId: seeded.organization.id })).toEqual({
        created: 0,
        closed: 0,
      });
      expect(await generatedOf(storage, seeded.organization.id)).toHaveLength(7);
    } finally {
      await storage.close();
      if (dir) await rm(dir, { recursive: true, force: true });
      if (name === 'postgres') await dropSchema(schema);
    }
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent task generation on postgres', () => {
  it('two instances generating at once create each task once', async () => {
    const clock = fixedClock('2026-06-15T12:00:00.000Z');
    const schema = randomSchema();
    const databaseUrl = process.env.TEST_DATABASE_URL;
    const one = await openStorage({ databaseUrl, schema, clock });
    const two = await openStorage({ databaseUrl, schema, clock });
    try {
      const seeded = await seedOrganization(one);
      const org = seeded.organization.id;
      await seedSources(one, org, seeded.user.email);
      for (let i = 0; i < 20; i++) {
        await one.vendors.create({
          organizationId: org,
          actor,
          data: { name: `V${i}`, last_reviewed_at: '2025-07-01', review_interval_days: 360 + i } as never,
        });
      }
      const results = await Promise.all([
        one.tasks.generate({ organizationId: org }),
        two.tasks.generate({ organizationId: org }),
        one.tasks.generate({ organizationId: org }),
        two.tasks.generate({ organizationId: org }),
      ]);
      expect(results.reduce((n, r) => n + r.created, 0)).toBe(27);
      const tasks = await generatedOf(two, org);
      expect(tasks).toHaveLength(27);
      expect(new Set(tasks.map((t) => `${t.subject_id} ${t.kind} ${t.due_date}`)).size).toBe(27);
      const log = await one.auditLog.list({
        organizationId: org,
        pageSize: 100,
        filters: { action: 'generateTasks' } as never,
      });
      expect(log.items).toHaveLength(27);
    } finally {
      await one.close();
      await two.close();
      await dropSchema(schema);
    }
  });
});

describe('recurrence dates', () => {
  it('adds months keeping the day, clamped to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });
  it('skips occurrences already past when completed late', () => {
    expect(nextDueDate({ from: '2026-01-01', every: 2, unit: 'WEEKS', after: '2026-02-01' })).toBe(
      '2026-02-12',
    );
    expect(nextDueDate({ from: '2026-06-10', every: 10, unit: 'DAYS', after: '2026-06-15' })).toBe(
      '2026-06-20',
    );
  });
});
