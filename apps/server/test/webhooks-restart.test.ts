import { randomBytes } from 'node:crypto';
import { type Actor, openStorage, type Storage, type StorageOptions } from '@comply/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/serve.js';
import { consoleClient } from './console-client.js';
import { DRIVERS } from './harness.js';
import { startCluster } from './instances.js';
import { restartableStorage } from './restartable-storage.js';
import { startReceiver, TEST_JOBS, waitFor } from './webhook-receiver.js';

const ACTOR: Actor = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' };
const PASSWORD = 'correct horse battery staple';

async function start(storage: Storage, jobs: boolean): Promise<RunningServer> {
  return startServer({
    config: {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      rateLimitPerMinute: 0,
      unauthenticatedRateLimitPerMinute: 0,
      jobs: { ...TEST_JOBS, enabled: jobs },
    },
    storage,
    logger: false,
    usageFlushMs: 0,
  });
}

describe.each(DRIVERS)('webhook outbox across a restart (%s)', (driver) => {
  let options: StorageOptions;
  let remove: (() => Promise<void>) | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    ({ options, remove } = await restartableStorage(driver, 'whr'));
  });
  afterAll(async () => {
    await receiver?.stop();
    await remove?.();
  });

  it('keeps an event written while no engine ran and delivers it after the restart', {
    timeout: 120_000,
  }, async () => {
    // First life: jobs off, so nothing delivers; the write and its outbox event commit together.
    let storage = await openStorage(options);
    let server = await start(storage, false);
    const email = `restart-${randomBytes(3).toString('hex')}@example.test`;
    const user = await storage.users.create({ email, password: PASSWORD });
    const org = await storage.organizations.create({
      name: 'Restart Org',
      ownerUserId: user.id,
      actor: ACTOR,
    });
    const { secret: token } = await storage.tokens.create({
      userId: user.id,
      name: 'test',
      scope: 'WRITE',
      expiresAt: null,
      actor: ACTOR,
    });
    const client = consoleClient(server.url);
    expect((await client.signIn({ email })).status).toBe(200);
    const created = await client.post(`/orgs/${org.id}/webhooks`, {
      url: receiver.url('/restart'),
      event_types: ['record.created'],
    });
    expect(created.status).toBe(201);
    const added = await fetch(`${server.url}/api/mcp/tools/addVendor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ organization_id: org.id, name: 'Survivor' }),
    });
    expect(added.status).toBe(200);
    expect(await storage.webhooks.pendingEvents()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(0);
    await server.stop();
    await storage.close();

    // Second life: the engine starts (an endpoint exists), dispatches the event and delivers it.
    storage = await openStorage(options);
    server = await start(storage, true);
    try {
      const [hit] = await waitFor(() =>
        receiver.on('/restart').length ? receiver.on('/restart') : undefined,
      );
      const payload = receiver.verify(hit!, created.body.secret);
      expect(payload).toMatchObject({ type: 'record.created', data: { organization_id: org.id } });
      expect(await storage.webhooks.pendingEvents()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.on('/restart')).toHaveLength(1);
    } finally {
      await server.stop();
      await storage.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('webhooks on two instances (postgres)', () => {
  it('delivers each event exactly once when two instances share the database', {
    timeout: 120_000,
  }, async () => {
    const receiver = await startReceiver();
    const cluster = await startCluster({ count: 2, config: { jobs: TEST_JOBS } });
    try {
      const owner = await cluster.addOwner();
      const client = consoleClient(cluster.instances[0]!.url);
      expect((await client.signIn({ email: owner.email })).status).toBe(200);
      const created = await client.post(`/orgs/${owner.organizationId}/webhooks`, {
        url: receiver.url('/pair'),
        event_types: ['record.created', 'record.updated'],
      });
      expect(created.status).toBe(201);
      // Let the second instance notice the endpoint and start its engine.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const count = 30;
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          cluster.instances[i % 2]!.call({
            tool: 'addVendor',
            token: owner.token,
            input: { organization_id: owner.organizationId, name: `Pair ${i}` },
          }),
        ),
      );
      await waitFor(() => receiver.on('/pair').length >= count, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const hits = receiver.on('/pair');
      expect(hits).toHaveLength(count);
      expect(new Set(hits.map((hit) => hit.headers['webhook-id'])).size).toBe(count);
      for (const hit of hits) receiver.verify(hit, created.body.secret);
    } finally {
      await cluster.stop();
      await receiver.stop();
    }
  });
});
