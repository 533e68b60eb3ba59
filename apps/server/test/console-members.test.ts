import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, consoleClient, signedIn } from './console-client.js';
import { DRIVERS, type Member, startTestServer, type TestServer } from './harness.js';

describe.each(DRIVERS)('console organization members (%s)', (driver) => {
  let server: TestServer;
  let owner: ConsoleClient;
  let org: string;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    owner = await signedIn({ server, email: server.owner.email });
    org = server.owner.organizationId;
  });
  afterAll(() => server?.stop());

  it('adds an existing user by email, changes the role and removes them, each in the audit log', async () => {
    const other: Member = await server.addMember();
    const added = await owner.post(`/orgs/${org}/members`, {
      email: other.email.toUpperCase(),
      role: 'EDITOR',
    });
    expect(added.status).toBe(201);
    expect(added.body.member).toMatchObject({ user_id: other.userId, role: 'EDITOR' });
    expect(added.body.temporary_password).toBeNull();
    const changed = await owner.patch(`/orgs/${org}/members/${other.userId}`, { role: 'VIEWER' });
    expect(changed.status).toBe(200);
    expect(changed.body.member.role).toBe('VIEWER');
    const list = await owner.get(`/orgs/${org}/members`);
    expect(list.body.members.map((m: { user_id: string }) => m.user_id)).toContain(other.userId);
    expect((await owner.delete(`/orgs/${org}/members/${other.userId}`)).status).toBe(204);
    const after = await owner.get(`/orgs/${org}/members`);
    expect(after.body.members.map((m: { user_id: string }) => m.user_id)).not.toContain(other.userId);

    const log = await owner.get(`/orgs/${org}/activity?record_type=membership`);
    expect(log.body.entries.map((e: { action: string }) => e.action).slice(0, 3)).toEqual([
      'removeMember',
      'changeMemberRole',
      'addMember',
    ]);
    expect(log.body.entries[1].before.role).toBe('EDITOR');
    expect(log.body.entries[1].after.role).toBe('VIEWER');
  });

  it('creates an account with a temporary password for a new email', async () => {
    const added = await owner.post(`/orgs/${org}/members`, {
      email: 'newcomer@example.test',
      role: 'VIEWER',
    });
    expect(added.status).toBe(201);
    const password = added.body.temporary_password;
    expect(password).toMatch(/^[\w-]{16}$/);
    const client = consoleClient(server.url);
    expect((await client.signIn({ email: 'newcomer@example.test', password })).status).toBe(200);
    expect((await client.get('/orgs')).body.organizations).toEqual([
      expect.objectContaining({ id: org, role: 'VIEWER' }),
    ]);
  });

  it('refuses a duplicate member and a bad role or email', async () => {
    expect(
      (await owner.post(`/orgs/${org}/members`, { email: server.owner.email, role: 'EDITOR' })).status,
    ).toBe(409);
    const badRole = await owner.post(`/orgs/${org}/members`, { email: 'a@example.test', role: 'GOD' });
    expect(badRole.body.error.field).toBe('role');
    const badEmail = await owner.post(`/orgs/${org}/members`, { email: 'nope', role: 'EDITOR' });
    expect(badEmail.body.error.field).toBe('email');
  });

  it('never removes or demotes the last owner', async () => {
    const removal = await owner.delete(`/orgs/${org}/members/${server.owner.userId}`);
    expect(removal.status).toBe(409);
    const demotion = await owner.patch(`/orgs/${org}/members/${server.owner.userId}`, { role: 'ADMIN' });
    expect(demotion.status).toBe(409);
  });

  it('lets only OWNERs change membership; other members may list', async () => {
    const admin = await server.addMember({ organizationId: org, role: 'ADMIN' });
    const client = await signedIn({ server, email: admin.email });
    expect((await client.get(`/orgs/${org}/members`)).status).toBe(200);
    const attempt = await client.post(`/orgs/${org}/members`, { email: 'x@example.test', role: 'OWNER' });
    expect(attempt.status).toBe(403);
    expect((await client.patch(`/orgs/${org}/members/${admin.userId}`, { role: 'OWNER' })).status).toBe(403);
    expect((await client.delete(`/orgs/${org}/members/${server.owner.userId}`)).status).toBe(403);
  });

  it("cannot see or touch another organization's members", async () => {
    const outsider = await server.addMember();
    const client = await signedIn({ server, email: outsider.email });
    expect((await client.get(`/orgs/${org}/members`)).status).toBe(404);
    expect((await client.post(`/orgs/${org}/members`, { email: outsider.email, role: 'OWNER' })).status).toBe(
      404,
    );
    expect(
      (await client.patch(`/orgs/${org}/members/${server.owner.userId}`, { role: 'VIEWER' })).status,
    ).toBe(404);
    expect((await client.delete(`/orgs/${org}/members/${server.owner.userId}`)).status).toBe(404);
    expect((await owner.delete(`/orgs/${outsider.organizationId}/members/${outsider.userId}`)).status).toBe(
      404,
    );
  });

  it('creates another organization with the creator as OWNER', async () => {
    const reply = await owner.post('/orgs', { name: 'Second Org' });
    expect(reply.status).toBe(201);
    expect(reply.body.organization).toMatchObject({ name: 'Second Org', role: 'OWNER' });
    expect((await owner.post('/orgs', { name: '' })).body.error.field).toBe('name');
  });
});
