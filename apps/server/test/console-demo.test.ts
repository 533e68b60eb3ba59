import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, consoleClient } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

describe.each(DRIVERS)('loading demo data from the console (%s)', (driver) => {
  let server: TestServer;
  let owner: ConsoleClient;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    owner = consoleClient(server.url);
    await owner.signIn({ email: server.owner.email });
  });
  afterAll(async () => server?.stop());

  it('lets an OWNER seed a demo organization while the server runs, and audits it', async () => {
    const reply = await owner.post(`/orgs/${server.owner.organizationId}/demo`);
    expect(reply.status).toBe(201);
    const { organization, counts } = reply.body;
    expect(organization).toMatchObject({ name: 'Northwind Health (demo)', role: 'OWNER' });
    expect(counts).toEqual(await server.storage.organizations.counts({ organizationId: organization.id }));
    expect(Object.values(counts).every((n) => typeof n === 'number' && n > 0)).toBe(true);
    const orgs = await owner.get('/orgs');
    expect(orgs.body.organizations.map((o: { id: string }) => o.id)).toContain(organization.id);
    const activity = await owner.get(`/orgs/${organization.id}/activity`);
    expect(activity.body.total_count).toBeGreaterThan(100);
    const sources = new Set(activity.body.entries.map((e: { source: string }) => e.source));
    const actions = new Set(activity.body.entries.map((e: { action: string }) => e.action));
    expect([...sources]).toEqual(['console']);
    expect([...actions]).toEqual(['seedDemo']);
  });

  it.each(['ADMIN', 'EDITOR', 'VIEWER'] as const)(
    'refuses an %s with 403 and creates nothing',
    async (role) => {
      const member = await server.addMember({ organizationId: server.owner.organizationId, role });
      const client = consoleClient(server.url);
      await client.signIn({ email: member.email });
      const reply = await client.post(`/orgs/${server.owner.organizationId}/demo`);
      expect(reply.status).toBe(403);
      expect(reply.body.error.code).toBe('FORBIDDEN');
      const orgs = await client.get('/orgs');
      expect(orgs.body.organizations).toHaveLength(1);
    },
  );

  it('refuses an organization the user does not belong to with 404', async () => {
    const stranger = await server.addMember();
    const reply = await owner.post(`/orgs/${stranger.organizationId}/demo`);
    expect(reply).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
  });

  it('refuses a request without the CSRF header and one without a session', async () => {
    const path = `/orgs/${server.owner.organizationId}/demo`;
    expect((await owner.request({ method: 'POST', path, body: {}, csrf: false })).status).toBe(403);
    expect((await consoleClient(server.url).post(path)).status).toBe(401);
  });
});
