import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { startReceiver, TEST_JOBS, waitFor } from './webhook-receiver.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(DRIVERS)('task.due, evidence.expiring and readiness.changed webhooks (%s)', (driver) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // No SMTP: the scan still runs (an endpoint starts the engine) and emits the events.
    server = await startTestServer({
      driver,
      config: {
        jobs: TEST_JOBS,
        reminders: { digestWeekday: 1, scanMs: 200, retryLimit: 1, retryDelaySeconds: 1 },
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await receiver?.stop();
  });

  it('delivers each once, signed, to an endpoint subscribed to them', { timeout: 60_000 }, async () => {
    const org = server.owner.organizationId;
    const client = await signedIn({ server, email: server.owner.email });
    const created = await client.post(`/orgs/${org}/webhooks`, {
      url: receiver.url('/dated'),
      event_types: ['task.due', 'evidence.expiring'],
    });
    expect(created.status).toBe(201);
    const task = await server.call('addTask', { organization_id: org, title: 'Due today', due_date: day(0) });
    await server.call('addTask', { organization_id: org, title: 'Next month', due_date: day(40) });
    const evidence = await server.call('addEvidence', {
      organization_id: org,
      kind: 'TEXT',
      title: 'Pen test report',
      valid_until: day(10),
    });
    expect([task.status, evidence.status]).toEqual([200, 200]);
    const hits = await waitFor(() => (receiver.on('/dated').length >= 2 ? receiver.on('/dated') : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const payloads = receiver.on('/dated').map((hit) => receiver.verify(hit, created.body.secret));
    expect(hits).toHaveLength(2);
    expect(payloads.map((p) => p.type).sort()).toEqual(['evidence.expiring', 'task.due']);
    expect(payloads.find((p) => p.type === 'task.due')?.data).toMatchObject({
      organization_id: org,
      record_type: 'task',
      record_id: task.body.id,
      record: { title: 'Due today', due_date: day(0), overdue: false },
    });
    expect(payloads.find((p) => p.type === 'evidence.expiring')?.data).toMatchObject({
      record_id: evidence.body.id,
      record: { title: 'Pen test report', valid_until: day(10), expired: false },
    });
  });

  it('delivers readiness.changed, signed, when a control becomes ready', { timeout: 60_000 }, async () => {
    const org = server.owner.organizationId;
    const client = await signedIn({ server, email: server.owner.email });
    const framework = await server.call('addFramework', {
      organization_id: org,
      name: 'Watched',
      controls: [
        { code: 'W.1', title: 'First' },
        { code: 'W.2', title: 'Second' },
      ],
    });
    expect(framework.status).toBe(200);
    const created = await client.post(`/orgs/${org}/webhooks`, {
      url: receiver.url('/readiness'),
      event_types: ['readiness.changed'],
    });
    expect(created.status).toBe(201);
    // The first look records a baseline and emits nothing.
    await waitFor(async () => {
      const { rows } = await sql<{ summary: unknown }>`select summary from readiness_states
        where framework_id = ${framework.body.id}`.execute(server.storage.db);
      return rows[0]?.summary ?? undefined;
    });
    const measure = await server.call('addMeasure', {
      organization_id: org,
      name: 'Access policy',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: framework.body.id, control_code: 'W.1' }],
      evidence: [{ title: 'Signed policy', valid_until: day(90) }],
    });
    expect(measure.status).toBe(200);
    const [hit] = await waitFor(() =>
      receiver.on('/readiness').length >= 1 ? receiver.on('/readiness') : undefined,
    );
    const event = receiver.verify(hit!, created.body.secret);
    expect(event).toMatchObject({
      type: 'readiness.changed',
      data: {
        organization_id: org,
        record_type: 'framework',
        record_id: framework.body.id,
        framework: { name: 'Watched' },
        previous: { readiness_percent: 0, state_counts: { READY: 0, GAP: 2, EXCLUDED: 0 } },
        current: { readiness_percent: 50, state_counts: { READY: 1, GAP: 1, EXCLUDED: 0 } },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.on('/readiness')).toHaveLength(1);
  });
});
