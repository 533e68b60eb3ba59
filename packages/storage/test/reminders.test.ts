import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, fixedClock, openTestStorage, seedOrganization, testActor } from './helpers.js';

// 2026-06-15 is a Monday.
const clock = fixedClock('2026-06-15T08:00:00.000Z');

describe.each(DRIVERS)('reminders on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  let org: string;
  let ownerId: string;
  const queued: string[] = [];
  const scan = (mail = true) =>
    storage.reminders.scan({
      mail,
      digestWeekday: 1,
      enqueue: async (_db, ids) => {
        queued.push(...ids);
      },
    });
  const task = (data: Record<string, unknown>) =>
    storage.tasks.create({ organizationId: org, actor: testActor(ownerId, 'addTask'), data: data as never });

  beforeAll(async () => {
    // The clock is shared by both drivers' runs, and tests move it.
    clock.set('2026-06-15T08:00:00.000Z');
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
    const seeded = await seedOrganization(storage);
    org = seeded.organization.id;
    ownerId = seeded.user.id;
  });
  afterAll(() => dispose?.());

  it('claims a due-soon, an overdue reminder and the digest once, and nothing for others', async () => {
    const vendor = await storage.vendors.create({
      organizationId: org,
      actor: testActor(ownerId, 'addVendor'),
      data: { name: 'Cloud Host' },
    });
    const soon = await task({
      title: 'Review Cloud Host',
      due_date: '2026-06-17',
      assignee_id: ownerId,
      subject_id: vendor.id,
    });
    const late = await task({ title: 'Late one', due_date: '2026-06-14', assignee_id: ownerId });
    await task({ title: 'Far off', due_date: '2026-06-25', assignee_id: ownerId });
    await task({ title: 'No one', due_date: '2026-06-16' });
    expect(await scan()).toEqual({ mails: 3, events: 0 });
    expect(await storage.reminders.counts()).toEqual({
      'DUE_SOON:QUEUED': 1,
      'OVERDUE:QUEUED': 1,
      'DIGEST:QUEUED': 1,
    });
    expect(await scan()).toEqual({ mails: 0, events: 0 });
    expect(queued).toHaveLength(3);

    const mails = await Promise.all(queued.map((reminderId) => storage.reminders.mail({ reminderId })));
    const dueSoon = mails.find((mail) => mail?.kind === 'DUE_SOON');
    expect(dueSoon?.tasks).toEqual([
      {
        id: soon.id,
        title: 'Review Cloud Host',
        due_date: '2026-06-17',
        overdue: false,
        subject: { id: vendor.id, title: 'Cloud Host' },
      },
    ]);
    expect(mails.find((mail) => mail?.kind === 'OVERDUE')?.tasks.map((t) => [t.id, t.overdue])).toEqual([
      [late.id, true],
    ]);
    expect(mails.find((mail) => mail?.kind === 'DIGEST')?.tasks).toHaveLength(3);
    expect(await storage.reminders.markSent({ reminderId: dueSoon!.id })).toBe(true);
    expect(await storage.reminders.markSent({ reminderId: dueSoon!.id })).toBe(false);
    expect(await storage.reminders.mail({ reminderId: dueSoon!.id })).toBeNull();
    // The overdue task is completed before its mail goes out: nothing is left to send.
    const overdue = mails.find((mail) => mail?.kind === 'OVERDUE');
    await storage.tasks.complete({
      organizationId: org,
      actor: testActor(ownerId, 'completeTask'),
      id: late.id,
      note: 'Done',
    });
    expect(await storage.reminders.mail({ reminderId: overdue!.id })).toBeNull();
    expect(await storage.reminders.markSent({ reminderId: overdue!.id, skipped: true })).toBe(true);
    expect(await storage.reminders.counts()).toMatchObject({ 'OVERDUE:SKIPPED': 1, 'DUE_SOON:SENT': 1 });
  });

  it('respects preferences, checks them, and audits the change', async () => {
    await expect(
      storage.reminders.preferences.set({
        organizationId: org,
        userId: ownerId,
        patch: { due_soon_days: 31 },
        actor: testActor(ownerId, 'setNotificationPreferences'),
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'due_soon_days' });
    expect(await storage.reminders.preferences.get({ organizationId: org, userId: ownerId })).toMatchObject({
      due_soon_days: 3,
      overdue: true,
      digest: true,
      updated_at: null,
    });
    const set = await storage.reminders.preferences.set({
      organizationId: org,
      userId: ownerId,
      patch: { due_soon_days: 0, overdue: false },
      actor: testActor(ownerId, 'setNotificationPreferences'),
    });
    expect(set).toMatchObject({ due_soon_days: 0, overdue: false, digest: true });
    await task({ title: 'Tomorrow', due_date: '2026-06-16', assignee_id: ownerId });
    await task({ title: 'Yesterday', due_date: '2026-06-14', assignee_id: ownerId });
    expect(await scan()).toEqual({ mails: 0, events: 0 });
    const audit = await sql<{ action: string; record_id: string }>`
      select action, record_id from audit_log where record_type = 'notification_preferences'`.execute(
      storage.db,
    );
    expect(audit.rows).toEqual([{ action: 'setNotificationPreferences', record_id: ownerId }]);
  });

  it('emits task.due and evidence.expiring once, only to subscribed organizations', async () => {
    await storage.webhooks.createEndpoint({
      organizationId: org,
      url: 'https://hooks.example.com/in',
      description: null,
      eventTypes: ['task.due', 'evidence.expiring'],
      secretCiphertext: 'v1:db:x:y:z',
      actor: testActor(ownerId, 'addWebhookEndpoint'),
    });
    const evidence = await storage.evidence.create({
      organizationId: org,
      actor: testActor(ownerId, 'addEvidence'),
      data: {
        kind: 'TEXT',
        title: 'Pen test',
        collected_at: '2026-01-01',
        valid_until: '2026-07-01',
      } as never,
    });
    const other = await seedOrganization(storage, 'Other');
    await storage.tasks.create({
      organizationId: other.organization.id,
      actor: testActor(other.user.id, 'addTask'),
      data: { title: 'Elsewhere', due_date: '2026-06-01' } as never,
    });
    const result = await scan(false);
    // Open tasks due today or earlier: "Yesterday" ("Late one" is done); evidence within 30 days.
    expect(result).toEqual({ mails: 0, events: 2 });
    expect(await scan(false)).toEqual({ mails: 0, events: 0 });
    const { rows } = await sql<{ organization_id: string; type: string; payload: { record_id: string } }>`
      select organization_id, type, payload from outbox_events where type in ('task.due', 'evidence.expiring')
      order by type, payload->>'record_id'`.execute(storage.db);
    expect(rows.every((row) => row.organization_id === org)).toBe(true);
    expect(
      rows.filter((row) => row.type === 'evidence.expiring').map((row) => row.payload.record_id),
    ).toEqual([evidence.id]);
  });

  it.runIf(name === 'postgres')('claims each reminder once when scans race', async () => {
    clock.set('2026-06-22T08:00:00.000Z');
    await storage.reminders.preferences.set({
      organizationId: org,
      userId: ownerId,
      patch: { due_soon_days: 3, overdue: true },
      actor: testActor(ownerId, 'setNotificationPreferences'),
    });
    for (let i = 0; i < 40; i += 1)
      await task({ title: `Race ${i}`, due_date: '2026-06-23', assignee_id: ownerId });
    queued.length = 0;
    const results = await Promise.all([scan(), scan(), scan()]);
    const claimed = results.reduce((sum, r) => sum + r.mails, 0);
    // 40 due soon, the overdue ones of before (now a week late: their reminders were sent), one digest.
    expect(claimed).toBe(queued.length);
    expect(new Set(queued).size).toBe(queued.length);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from reminders where kind = 'DUE_SOON' and period = '2026-06-23'`.execute(
      storage.db,
    );
    expect(Number(rows[0]!.n)).toBe(40);
  });

  it('claims every reminder and event once when scans walk the tasks a few at a time', async () => {
    clock.set('2026-06-22T08:00:00.000Z');
    await scan();
    const seeded = await seedOrganization(storage, 'Windows');
    const orgId = seeded.organization.id;
    const userId = seeded.user.id;
    await storage.webhooks.createEndpoint({
      organizationId: orgId,
      url: 'https://hooks.example.com/windows',
      description: null,
      eventTypes: ['task.due'],
      secretCiphertext: 'v1:db:x:y:z',
      actor: testActor(userId, 'addWebhookEndpoint'),
    });
    // Overdue (two on one date), due today (two), due soon, and one beyond the 3-day lead.
    const dates = ['2026-06-18', '2026-06-20', '2026-06-20', '2026-06-22', '2026-06-22', '2026-06-23'];
    dates.push('2026-06-24', '2026-06-24', '2026-06-25', '2026-06-26');
    for (const [i, due_date] of dates.entries()) {
      await storage.tasks.create({
        organizationId: orgId,
        actor: testActor(userId, 'addTask'),
        data: { title: `Window ${i}`, due_date, assignee_id: userId } as never,
      });
    }
    queued.length = 0;
    const walk = () =>
      storage.reminders.scan({
        mail: true,
        digestWeekday: 1,
        limit: 2,
        enqueue: async (_db, ids) => {
          queued.push(...ids);
        },
      });
    // 9 task reminders (not the one due on the 26th) and the digest; task.due for the 5 due by
    // today: claimed once between two scans walking at once (side by side on PostgreSQL).
    const results = await Promise.all([walk(), walk()]);
    expect({
      mails: results[0]!.mails + results[1]!.mails,
      events: results[0]!.events + results[1]!.events,
    }).toEqual({ mails: 10, events: 5 });
    expect(await walk()).toEqual({ mails: 0, events: 0 });
    expect(new Set(queued).size).toBe(10);
    const { rows } = await sql<{ kind: string; n: string }>`
      select kind, count(*) as n from reminders where organization_id = ${orgId} group by kind order by kind`.execute(
      storage.db,
    );
    expect(rows.map((row) => [row.kind, Number(row.n)])).toEqual([
      ['DIGEST', 1],
      ['DUE_SOON', 6],
      ['OVERDUE', 3],
      ['TASK_DUE_EVENT', 5],
    ]);
  });

  it('claims a new task found after windows whose tasks were all claimed before', async () => {
    clock.set('2026-06-22T08:00:00.000Z');
    await scan();
    const seeded = await seedOrganization(storage, 'Later windows');
    const create = (title: string, due_date: string) =>
      storage.tasks.create({
        organizationId: seeded.organization.id,
        actor: testActor(seeded.user.id, 'addTask'),
        data: { title, due_date, assignee_id: seeded.user.id } as never,
      });
    // Enough claimed tasks for several windows of a 2-task scan (each looks at 16 or 32 open tasks).
    for (let i = 0; i < 70; i++) await create(`Claimed ${i}`, '2026-06-20');
    const walk = () =>
      storage.reminders.scan({ mail: true, digestWeekday: 1, limit: 2, enqueue: async () => undefined });
    expect((await walk()).mails).toBe(70 + 1);
    // Sorts after every claimed task: the windows before it hold nothing to claim and are passed.
    await create('New', '2026-06-23');
    expect(await walk()).toEqual({ mails: 1, events: 0 });
    expect(await walk()).toEqual({ mails: 0, events: 0 });
  });
});
