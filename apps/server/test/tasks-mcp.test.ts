import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type Member, startTestServer, type TestServer } from './harness.js';
import { callError, callOk, connectMcp } from './mcp-client.js';

/** `YYYY-MM-DD` `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DRIVERS)('tasks over MCP (%s)', (driver) => {
  let server: TestServer;
  let owner: Client;
  let editor: Member;
  let asEditor: Client;
  let stranger: Member;
  let asStranger: Client;
  let org: string;
  let vendorId: string;
  const clients: Client[] = [];
  const connect = async (token?: string) => {
    const client = await connectMcp({ server, token });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    org = server.owner.organizationId;
    owner = await connect();
    editor = await server.addMember({ organizationId: org, role: 'EDITOR' });
    asEditor = await connect(editor.token);
    stranger = await server.addMember();
    asStranger = await connect(stranger.token);
    // Reviewed 360 days ago every 365 days: due in 5 days, owned by the editor (by e-mail address).
    const vendor = await callOk({
      client: owner,
      name: 'addVendor',
      args: {
        organization_id: org,
        name: 'Cloudy',
        owner: editor.email,
        last_reviewed_at: day(-360),
        review_interval_days: 365,
      },
    });
    vendorId = vendor.id;
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await server?.stop();
  });

  it("generates the vendor's review task on listTasks and gives it to its owner ('mine')", async () => {
    const mine = await callOk({
      client: asEditor,
      name: 'listTasks',
      args: { organization_id: org, assignee: 'mine' },
    });
    expect(mine.tasks).toHaveLength(1);
    expect(mine.tasks[0]).toMatchObject({
      kind: 'VENDOR_REVIEW',
      subject_id: vendorId,
      source: 'vendors.next_review_due',
      due_date: day(5),
      assignee_id: editor.userId,
      status: 'OPEN',
      overdue: false,
    });
    const ownerMine = await callOk({
      client: owner,
      name: 'listTasks',
      args: { organization_id: org, assignee: 'mine' },
    });
    expect(ownerMine.tasks).toHaveLength(0);
    // A second listing creates nothing more.
    const all = await callOk({ client: owner, name: 'listTasks', args: { organization_id: org } });
    expect(all.total_count).toBe(1);
  });

  it('refuses an assignee who is not a member and a subject of another organization', async () => {
    const addTask = (fields: Record<string, unknown>) =>
      callError(owner, 'addTask', { organization_id: org, title: 'Check', due_date: day(3), ...fields });
    expect(await addTask({ assignee_id: stranger.userId })).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'assignee_id',
    });
    const theirs = await callOk({
      client: asStranger,
      name: 'addVendor',
      args: { organization_id: stranger.organizationId, name: 'Theirs' },
    });
    expect(await addTask({ subject_id: theirs.id })).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'subject_id',
    });
  });

  it('completes a recurring task once, audited, and keeps it from other organizations and readers', async () => {
    const task = await callOk({
      client: owner,
      name: 'addTask',
      args: {
        organization_id: org,
        kind: 'ACCESS_REVIEW',
        title: 'Review admin access',
        due_date: day(-1),
        assignee_id: editor.userId,
        recurrence_every: 2,
        recurrence_unit: 'WEEKS',
      },
    });
    expect(task).toMatchObject({ status: 'OPEN', overdue: true, assignee_id: editor.userId });
    expect(await callError(asStranger, 'getTask', { id: task.id })).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await callError(asStranger, 'completeTask', {
        organization_id: stranger.organizationId,
        task_id: task.id,
      }),
    ).toMatchObject({ code: 'NOT_FOUND', field: 'task_id' });
    expect(
      await callError(asStranger, 'completeTask', { organization_id: org, task_id: task.id }),
    ).toMatchObject({ code: 'NOT_FOUND', field: 'organization_id' });
    const reader = await server.createToken({ userId: editor.userId, scope: 'READ' });
    const asReader = await connect(reader.token);
    const refused = await asReader.callTool({
      name: 'completeTask',
      arguments: { task_id: task.id, organization_id: org },
    });
    expect(refused.isError).toBe(true);
    const readable = await callOk({
      client: asReader,
      name: 'listTasks',
      args: { organization_id: org, overdue: true },
    });
    expect(readable.tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);

    const done = await callOk({
      client: asEditor,
      name: 'completeTask',
      args: {
        organization_id: org,
        task_id: task.id,
        note: 'Removed two stale admins.',
        idempotency_key: 'c-1',
      },
    });
    expect(done).toMatchObject({
      status: 'DONE',
      completed_by: editor.userId,
      completion_note: 'Removed two stale admins.',
    });
    const again = await callOk({
      client: asEditor,
      name: 'completeTask',
      args: { organization_id: org, task_id: task.id },
    });
    expect(again).toEqual(done);
    const series = await callOk({
      client: owner,
      name: 'listTasks',
      args: { organization_id: org, kind: ['ACCESS_REVIEW'] },
    });
    expect(series.tasks).toHaveLength(2);
    const next = series.tasks.find(
      (t: { previous_task_id: string | null }) => t.previous_task_id === task.id,
    );
    expect(next).toMatchObject({ status: 'OPEN', due_date: day(13), assignee_id: editor.userId });
    const log = await server.storage.auditLog.list({ organizationId: org, filters: { record_id: task.id } });
    expect(log.items.map((e) => e.action)).toEqual(expect.arrayContaining(['addTask', 'completeTask']));
    expect(log.items.find((e) => e.action === 'completeTask')).toMatchObject({
      actor_user_id: editor.userId,
    });
  });

  it('closes the generated task when the vendor is reviewed', async () => {
    await callOk({
      client: owner,
      name: 'updateVendor',
      args: { organization_id: org, id: vendorId, last_reviewed_at: day(0) },
    });
    const tasks = await callOk({
      client: owner,
      name: 'listTasks',
      args: { organization_id: org, kind: ['VENDOR_REVIEW'] },
    });
    expect(tasks.tasks).toHaveLength(1);
    expect(tasks.tasks[0]).toMatchObject({
      status: 'DONE',
      completion_note: `Brought up to date: vendors.next_review_due moved to ${day(365)}.`,
    });
  });
});
