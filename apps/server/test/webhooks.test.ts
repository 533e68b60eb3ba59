import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, signedIn } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { startReceiver, TEST_JOBS, waitFor } from './webhook-receiver.js';

describe.each(DRIVERS)('webhooks (%s)', (driver) => {
  let server: TestServer;
  let owner: ConsoleClient;
  let org: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const hosts = new Map<string, string[]>();
  const resolve = async (host: string) => {
    const addresses = hosts.get(host);
    if (!addresses) throw new Error(`ENOTFOUND ${host}`);
    return addresses;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({ driver, config: { jobs: TEST_JOBS }, webhookResolve: resolve });
    owner = await signedIn({ server, email: server.owner.email });
    org = server.owner.organizationId;
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.stop();
  });

  async function addEndpoint(client: ConsoleClient, orgId: string, path: string) {
    const reply = await client.post(`/orgs/${orgId}/webhooks`, {
      url: receiver.url(path),
      event_types: ['record.created', 'record.updated'],
      description: `test ${path}`,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as { endpoint: { id: string }; secret: string };
  }

  it('delivers a signed event the receiver verifies with the standardwebhooks library', async () => {
    const { endpoint, secret } = await addEndpoint(owner, org, '/signed');
    expect(secret).toMatch(/^whsec_/);
    const listed = await owner.get(`/orgs/${org}/webhooks`);
    expect(listed.body.endpoints).toEqual([expect.objectContaining({ id: endpoint.id, enabled: true })]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));

    const added = await server.call('addVendor', { organization_id: org, name: 'Signed Vendor' });
    expect(added.status).toBe(200);
    const vendorId = added.body.id as string;
    const [entry] = await waitFor(() =>
      receiver.on('/signed').length > 0 ? receiver.on('/signed') : undefined,
    );
    const payload = receiver.verify(entry!, secret);
    expect(payload.type).toBe('record.created');
    expect(payload.data).toMatchObject({
      organization_id: org,
      record_type: 'vendor',
      record_id: vendorId,
      action: 'addVendor',
      record: expect.objectContaining({ id: vendorId, name: 'Signed Vendor' }),
    });
    expect(() => receiver.verify(entry!, `whsec_${Buffer.alloc(32, 1).toString('base64')}`)).toThrow();

    await server.call('updateVendor', { id: vendorId, risk_tier: 'HIGH' });
    await waitFor(() => receiver.on('/signed').length >= 2);
    const updated = receiver.verify(receiver.on('/signed')[1]!, secret);
    expect(updated.type).toBe('record.updated');
    expect((updated.data.record as { risk_tier: string }).risk_tier).toBe('HIGH');

    const deliveries = await waitFor(async () => {
      const reply = await owner.get(`/orgs/${org}/webhook-deliveries?endpoint_id=${endpoint.id}`);
      return reply.body.deliveries.every((d: { status: string }) => d.status === 'DELIVERED') &&
        reply.body.deliveries.length === 2
        ? reply.body.deliveries
        : undefined;
    });
    const attempts = await owner.get(`/orgs/${org}/webhook-deliveries/${deliveries[0].id}/attempts`);
    expect(attempts.body.attempts).toEqual([
      expect.objectContaining({ attempt: 1, ok: true, response_status: 200, response_body: 'ok' }),
    ]);
    expect((await owner.delete(`/orgs/${org}/webhooks/${endpoint.id}`)).status).toBe(204);
  });

  it('retries a failing endpoint with backoff until it succeeds, logging every attempt', async () => {
    const { endpoint, secret } = await addEndpoint(owner, org, '/flaky');
    receiver.failFirst('/flaky', 2);
    await server.call('addVendor', { organization_id: org, name: 'Flaky Vendor' });
    await waitFor(() => receiver.on('/flaky').length >= 3, 30_000);
    const hits = receiver.on('/flaky');
    // The same message id on every attempt, each freshly signed.
    expect(new Set(hits.map((hit) => hit.headers['webhook-id'])).size).toBe(1);
    expect(receiver.verify(hits[2]!, secret).type).toBe('record.created');
    const delivery = await waitFor(async () => {
      const reply = await owner.get(`/orgs/${org}/webhook-deliveries?endpoint_id=${endpoint.id}`);
      const first = reply.body.deliveries[0];
      return first?.status === 'DELIVERED' ? first : undefined;
    });
    expect(delivery.attempts).toBe(3);
    const attempts = (await owner.get(`/orgs/${org}/webhook-deliveries/${delivery.id}/attempts`)).body
      .attempts;
    expect(attempts.map((a: { response_status: number }) => a.response_status)).toEqual([503, 503, 200]);
    expect(attempts[0]).toMatchObject({ ok: false, response_body: 'busy, try later', error: 'HTTP 503' });
    // Backoff: the second retry waited longer than the first.
    const at = attempts.map((a: { started_at: string }) => Date.parse(a.started_at));
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(900);
    expect(at[2] - at[1]).toBeGreaterThan(at[1] - at[0] - 600);

    // Replay from the console sends it again.
    const replayed = await owner.post(`/orgs/${org}/webhook-deliveries/${delivery.id}/replay`);
    expect(replayed.status).toBe(200);
    await waitFor(() => receiver.on('/flaky').length >= 4);
    expect(receiver.verify(receiver.on('/flaky')[3]!, secret).type).toBe('record.created');
    await owner.delete(`/orgs/${org}/webhooks/${endpoint.id}`);
  });

  it("never sends one organization's events to another's endpoint, nor shows its webhooks", async () => {
    const other = await server.addMember();
    const otherClient = await signedIn({ server, email: other.email });
    await addEndpoint(owner, org, '/mine');
    await addEndpoint(otherClient, other.organizationId, '/theirs');
    await server.call('addVendor', { organization_id: org, name: 'Mine 1' });
    await server.call(
      'addVendor',
      { organization_id: other.organizationId, name: 'Theirs 1' },
      { token: other.token },
    );
    await server.call('addVendor', { organization_id: org, name: 'Mine 2' });
    await waitFor(() => receiver.on('/mine').length >= 2 && receiver.on('/theirs').length >= 1);
    await new Promise((r) => setTimeout(r, 1500));
    const orgsOf = (path: string) =>
      receiver
        .on(path)
        .map((hit) => (JSON.parse(hit.body) as { data: { organization_id: string } }).data.organization_id);
    expect(orgsOf('/mine')).toEqual([org, org]);
    expect(orgsOf('/theirs')).toEqual([other.organizationId]);

    // Another organization's owner cannot read or change this one's webhooks.
    expect((await otherClient.get(`/orgs/${org}/webhooks`)).status).toBe(404);
    expect((await otherClient.get(`/orgs/${org}/webhook-deliveries`)).status).toBe(404);
    const mine = (await owner.get(`/orgs/${org}/webhook-deliveries`)).body.deliveries[0];
    expect((await otherClient.post(`/orgs/${org}/webhook-deliveries/${mine.id}/replay`)).status).toBe(404);
    expect(
      (await otherClient.get(`/orgs/${other.organizationId}/webhook-deliveries/${mine.id}/attempts`)).body
        .attempts,
    ).toEqual([]);
    expect(
      (await otherClient.post(`/orgs/${other.organizationId}/webhook-deliveries/${mine.id}/replay`)).status,
    ).toBe(404);
    // An EDITOR of the organization may not manage them either.
    const editor = await server.addMember({ organizationId: org, role: 'EDITOR' });
    const editorClient = await signedIn({ server, email: editor.email });
    expect((await editorClient.get(`/orgs/${org}/webhooks`)).status).toBe(403);
    expect(
      (
        await editorClient.post(`/orgs/${org}/webhooks`, {
          url: receiver.url('/x'),
          event_types: ['record.created'],
        })
      ).status,
    ).toBe(403);
  });

  it('refuses endpoints on private, loopback, link-local and mapped addresses (SSRF)', async () => {
    hosts.set('internal.example.test', ['10.1.2.3']);
    hosts.set('mixed.example.test', ['93.184.216.34', '192.168.1.1']);
    const refused = [
      'https://10.0.0.5/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fe80::1]/hook',
      'https://224.0.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::]/hook',
      'https://internal.example.test/hook',
      'https://mixed.example.test/hook',
      'https://nowhere.example.test/hook',
      'http://example.com/hook',
      'ftp://example.com/hook',
      'https://user:pw@example.com/hook',
    ];
    for (const url of refused) {
      const reply = await owner.post(`/orgs/${org}/webhooks`, { url, event_types: ['record.created'] });
      expect(reply.status, url).toBe(400);
      expect(reply.body.error, url).toMatchObject({ code: 'INVALID_INPUT', field: 'url' });
    }
    const badType = await owner.post(`/orgs/${org}/webhooks`, {
      url: receiver.url('/x'),
      event_types: ['record.deleted'],
    });
    expect(badType.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'event_types.0' });
  });

  it('re-checks the address at delivery time (DNS rebinding) and logs the refusal', async () => {
    hosts.set('rebind.example.test', ['93.184.216.34']);
    const created = await owner.post(`/orgs/${org}/webhooks`, {
      url: 'https://rebind.example.test/hook',
      event_types: ['record.created'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    hosts.set('rebind.example.test', ['127.0.0.1']);
    await server.call('addVendor', { organization_id: org, name: 'Rebound' });
    const attempt = await waitFor(async () => {
      const deliveries = (
        await owner.get(`/orgs/${org}/webhook-deliveries?endpoint_id=${created.body.endpoint.id}`)
      ).body.deliveries;
      if (!deliveries[0]) return undefined;
      const attempts = (await owner.get(`/orgs/${org}/webhook-deliveries/${deliveries[0].id}/attempts`)).body
        .attempts;
      return attempts[0];
    });
    expect(attempt).toMatchObject({ ok: false, response_status: null });
    expect(attempt.error).toMatch(/refused: .*127\.0\.0\.1.*private, loopback/);
    expect(
      (await owner.patch(`/orgs/${org}/webhooks/${created.body.endpoint.id}`, { enabled: false })).body
        .endpoint.enabled,
    ).toBe(false);
  });
});

describe.each(DRIVERS)('webhooks without the development setting (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { jobs: { ...TEST_JOBS, allowHttpLoopback: false } } });
  });
  afterAll(() => server?.stop());

  it('refuses http://127.0.0.1 and http://localhost', async () => {
    const owner = await signedIn({ server, email: server.owner.email });
    for (const url of ['http://127.0.0.1:9/hook', 'http://localhost:9/hook', 'https://localhost/hook']) {
      const reply = await owner.post(`/orgs/${server.owner.organizationId}/webhooks`, {
        url,
        event_types: ['record.created'],
      });
      expect(reply.status, url).toBe(400);
      expect(reply.body.error.field).toBe('url');
    }
  });
});
