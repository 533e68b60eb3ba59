import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, signedIn } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

const DAY = 86_400_000;

describe.each(DRIVERS)('console API tokens (%s)', (driver) => {
  let server: TestServer;
  let owner: ConsoleClient;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    owner = await signedIn({ server, email: server.owner.email });
  });
  afterAll(() => server?.stop());

  it('generates a token shown once with the MCP address and the mcpServers configuration', async () => {
    const before = Date.now();
    const reply = await owner.post('/tokens', { name: 'Claude Desktop (laptop)' });
    expect(reply.status).toBe(201);
    const { token, secret, mcp_url, client_config } = reply.body;
    expect(secret).toMatch(/^comply_pat_[\w-]{43}$/);
    expect(mcp_url).toBe(`${server.url}/api/mcp/v1`);
    expect(client_config).toEqual({
      mcpServers: { comply: { url: mcp_url, headers: { Authorization: `Bearer ${secret}` } } },
    });
    expect(token).toMatchObject({ name: 'Claude Desktop (laptop)', scope: 'READ', organization_ids: null });
    expect(token.status).toBe('ACTIVE');
    expect(secret.startsWith(token.prefix)).toBe(true);
    const expires = new Date(token.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(90 * DAY - 1000);
    expect(expires - before).toBeLessThan(90 * DAY + 60_000);

    const list = await owner.get('/tokens');
    const listed = list.body.tokens.find((t: { id: string }) => t.id === token.id);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(list.body.mcp_url).toBe(mcp_url);
  });

  it('takes 30/60/90/365 days, a date within a year, or no expiry; refuses other choices', async () => {
    for (const days of [30, 60, 365]) {
      const reply = await owner.post('/tokens', { name: `d${days}`, expires_in_days: days });
      expect(reply.status).toBe(201);
      expect(new Date(reply.body.token.expires_at).getTime() - Date.now()).toBeGreaterThan((days - 1) * DAY);
    }
    const date = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const onDate = await owner.post('/tokens', { name: 'dated', expires_on: date });
    expect(onDate.body.token.expires_at).toBe(`${date}T23:59:59.999Z`);
    const never = await owner.post('/tokens', { name: 'forever', no_expiry: true });
    expect(never.body.token.expires_at).toBeNull();

    const cases = [
      [{ name: 'x', expires_in_days: 45 }, 'expires_in_days'],
      [{ name: 'x', expires_on: '2001-01-01' }, 'expires_on'],
      [{ name: 'x', expires_on: new Date(Date.now() + 400 * DAY).toISOString().slice(0, 10) }, 'expires_on'],
      [{ name: 'x', expires_in_days: 30, no_expiry: true }, 'expires_in_days'],
      [{ name: '   ' }, 'name'],
      [{}, 'name'],
      [{ name: 'x', scope: 'ADMIN' }, 'scope'],
    ] as const;
    for (const [body, field] of cases) {
      const reply = await owner.post('/tokens', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.field).toBe(field);
    }
  });

  it('restricts a token to chosen organizations of the user only', async () => {
    const other = await server.addMember();
    const foreign = await owner.post('/tokens', { name: 'x', organization_ids: [other.organizationId] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.field).toBe('organization_ids');
    const mine = await owner.post('/tokens', {
      name: 'scoped',
      scope: 'WRITE',
      organization_ids: [server.owner.organizationId],
    });
    expect(mine.status).toBe(201);
    expect(mine.body.token.organization_ids).toEqual([server.owner.organizationId]);
  });

  it('lets a VIEWER everywhere create read-only tokens only', async () => {
    const viewer = await server.addMember({ organizationId: server.owner.organizationId, role: 'VIEWER' });
    const client = await signedIn({ server, email: viewer.email });
    const write = await client.post('/tokens', { name: 'rw', scope: 'WRITE' });
    expect(write.status).toBe(403);
    expect(write.body.error).toMatchObject({ code: 'FORBIDDEN', field: 'scope' });
    expect((await client.post('/tokens', { name: 'ro', scope: 'READ' })).status).toBe(201);
  });

  it('refuses a read-write token restricted to organizations where the user is a VIEWER', async () => {
    const editor = await server.addMember();
    await server.storage.memberships.add({
      organizationId: server.owner.organizationId,
      userId: editor.userId,
      role: 'VIEWER',
      actor: { userId: null, tokenId: null, source: 'cli', action: 'test' },
    });
    const client = await signedIn({ server, email: editor.email });
    const viewerOnly = await client.post('/tokens', {
      name: 'rw',
      scope: 'WRITE',
      organization_ids: [server.owner.organizationId],
    });
    expect(viewerOnly.status).toBe(403);
    expect((await client.post('/tokens', { name: 'rw', scope: 'WRITE' })).status).toBe(201);
  });

  it('shows usage, then revokes at once; the next call is 401', async () => {
    const created = await owner.post('/tokens', { name: 'usage' });
    const { secret, token } = created.body;
    const call = await server.call('listOrganizations', {}, { token: secret });
    expect(call.status).toBe(200);
    // Usage is recorded after the reply is sent; poll briefly for it.
    // biome-ignore lint/suspicious/noExplicitAny: a console reply
    let listed: any = { calls_24h: 0 };
    for (let i = 0; i < 40 && listed.calls_24h === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = (await owner.get('/tokens')).body.tokens.find((t: { id: string }) => t.id === token.id);
    }
    expect(listed.calls_24h).toBe(1);
    expect(listed.calls_30d).toBe(1);
    expect(listed.last_used_at).not.toBeNull();
    expect(listed.last_used_ip).toBe('127.0.0.1');
    expect(listed.recent_tools[0].tool).toBe('listOrganizations');

    // A token used only for health checks is used too.
    const monitor = (await owner.post('/tokens', { name: 'monitor' })).body;
    const health = await fetch(`${server.url}/api/mcp/v1/health`, {
      headers: { authorization: `Bearer ${monitor.secret}` },
    });
    expect(health.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: a console reply
    let checked: any = { last_used_at: null };
    for (let i = 0; i < 40 && !checked.last_used_at; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      checked = (await owner.get('/tokens')).body.tokens.find(
        (t: { id: string }) => t.id === monitor.token.id,
      );
    }
    expect(checked.last_used_at).not.toBeNull();
    expect(checked.recent_tools[0].tool).toBe('health');

    const revoked = await owner.delete(`/tokens/${token.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.token.status).toBe('REVOKED');
    expect((await server.call('listOrganizations', {}, { token: secret })).status).toBe(401);
  });

  it('flags tokens older than 90 days for rotation', async () => {
    const { tokenId } = await server.createToken({ userId: server.owner.userId });
    await server.storage.db
      .updateTable('api_tokens')
      .set({ created_at: new Date(Date.now() - 91 * DAY).toISOString() })
      .where('id', '=', tokenId)
      .execute();
    const tokens = (await owner.get('/tokens')).body.tokens;
    expect(tokens.find((t: { id: string }) => t.id === tokenId).rotation_due).toBe(true);
    expect(tokens.filter((t: { rotation_due: boolean }) => t.rotation_due)).toHaveLength(1);
  });

  it("neither shows nor revokes another user's tokens", async () => {
    const other = await server.addMember({ organizationId: server.owner.organizationId, role: 'ADMIN' });
    const client = await signedIn({ server, email: other.email });
    const ids = (await client.get('/tokens')).body.tokens.map((t: { id: string }) => t.id);
    expect(ids).toEqual([other.tokenId]);
    const attempt = await client.delete(`/tokens/${server.owner.tokenId}`);
    expect(attempt.status).toBe(404);
    expect((await server.call('listOrganizations')).status).toBe(200);
    expect((await client.delete('/tokens/tok_unknown')).status).toBe(404);
  });
});
