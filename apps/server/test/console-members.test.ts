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

  it('adds an existing user once they accept, changes the role and removes them, each in the audit log', async () => {
    const other: Member = await server.addMember();
    const invited = await owner.post(`/orgs/${org}/invitations`, {
      email: other.email.toUpperCase(),
      role: 'EDITOR',
    });
    expect(invited.status).toBe(201);
    expect((await owner.get(`/orgs/${org}/members`)).body.members).toHaveLength(1);
    const invitee = await signedIn({ server, email: other.email });
    const accepted = await invitee.post('/invitations/accept', { code: invited.body.code });
    expect(accepted.status).toBe(200);
    expect(accepted.body.membership).toMatchObject({ user_id: other.userId, role: 'EDITOR' });
    const changed = await owner.patch(`/orgs/${org}/members/${other.userId}`, { role: 'VIEWER' });
    expect(changed.status).toBe(200);
    expect(changed.body.member.role).toBe('VIEWER');
    const list = await owner.get(`/orgs/${org}/members`);
    expect(list.body.members.map((m: { user_id: string }) => m.user_id)).toContain(other.userId);
    expect((await owner.delete(`/orgs/${org}/members/${other.userId}`)).status).toBe(204);
    const after = await owner.get(`/orgs/${org}/members`);
    expect(after.body.members.map((m: { user_id: string }) => m.user_id)).not.toContain(other.userId);

    const log = await owner.get(`/orgs/${org}/activity`);
    expect(log.body.entries.map((e: { action: string }) => e.action).slice(0, 4)).toEqual([
      'removeMember',
      'changeMemberRole',
      'acceptInvitation',
      'inviteMember',
    ]);
    expect(log.body.entries[1].before.role).toBe('EDITOR');
    expect(log.body.entries[1].after.role).toBe('VIEWER');
  });

  it('lets a newcomer redeem an invitation with their own password', async () => {
    const invited = await owner.post(`/orgs/${org}/invitations`, {
      email: 'newcomer@example.test',
      role: 'VIEWER',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation_url).toBe(`${server.url}/invitation#${invited.body.code}`);
    expect((await owner.get(`/orgs/${org}/invitations`)).body.invitations).toEqual([
      expect.objectContaining({ email: 'newcomer@example.test', role: 'VIEWER' }),
    ]);
    const client = consoleClient(server.url);
    const preview = await client.post('/invitations/preview', { code: invited.body.code });
    expect(preview.body.invitation).toMatchObject({ email: 'newcomer@example.test', role: 'VIEWER' });
    const weak = await client.post('/invitations/redeem', {
      code: invited.body.code,
      password: 'newcomer1234',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.field).toBe('password');
    const password = 'my very own passphrase';
    const redeemed = await client.post('/invitations/redeem', { code: invited.body.code, password });
    expect(redeemed.status).toBe(201);
    expect((await client.get('/orgs')).body.organizations).toEqual([
      expect.objectContaining({ id: org, role: 'VIEWER' }),
    ]);
    expect(
      (await consoleClient(server.url).signIn({ email: 'newcomer@example.test', password })).status,
    ).toBe(200);
    expect((await owner.get(`/orgs/${org}/invitations`)).body.invitations).toEqual([]);
  });

  it('withdraws an invitation', async () => {
    const invited = await owner.post(`/orgs/${org}/invitations`, {
      email: 'withdrawn@example.test',
      role: 'VIEWER',
    });
    expect((await owner.delete(`/orgs/${org}/invitations/${invited.body.invitation.id}`)).status).toBe(204);
    const redeem = await consoleClient(server.url).post('/invitations/redeem', {
      code: invited.body.code,
      password: 'a perfectly good passphrase',
    });
    expect(redeem.status).toBe(404);
    expect(redeem.body.error.field).toBe('code');
  });

  it('refuses to invite a member again, and a bad role or email', async () => {
    expect(
      (await owner.post(`/orgs/${org}/invitations`, { email: server.owner.email, role: 'EDITOR' })).status,
    ).toBe(409);
    const badRole = await owner.post(`/orgs/${org}/invitations`, { email: 'a@example.test', role: 'GOD' });
    expect(badRole.body.error.field).toBe('role');
    const badEmail = await owner.post(`/orgs/${org}/invitations`, { email: 'nope', role: 'EDITOR' });
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
    const attempt = await client.post(`/orgs/${org}/invitations`, { email: 'x@example.test', role: 'OWNER' });
    expect(attempt.status).toBe(403);
    expect((await client.get(`/orgs/${org}/invitations`)).status).toBe(403);
    expect((await client.patch(`/orgs/${org}/members/${admin.userId}`, { role: 'OWNER' })).status).toBe(403);
    expect((await client.delete(`/orgs/${org}/members/${server.owner.userId}`)).status).toBe(403);
  });

  it("cannot see or touch another organization's members", async () => {
    const outsider = await server.addMember();
    const client = await signedIn({ server, email: outsider.email });
    expect((await client.get(`/orgs/${org}/members`)).status).toBe(404);
    expect(
      (await client.post(`/orgs/${org}/invitations`, { email: outsider.email, role: 'OWNER' })).status,
    ).toBe(404);
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
