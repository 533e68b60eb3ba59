import { describe, expect, it } from 'vitest';
import { consoleClient, signedIn, useConsoleSession } from './console-client.js';
import { DRIVERS, type Member } from './harness.js';

describe.each(DRIVERS)('console organization members (%s)', (driver) => {
  const session = useConsoleSession(driver);

  it('adds an existing user once they accept, changes the role and removes them, each in the audit log', async () => {
    const other: Member = await session.server.addMember();
    const invited = await session.owner.post(`/orgs/${session.org}/invitations`, {
      email: other.email.toUpperCase(),
      role: 'EDITOR',
    });
    expect(invited.status).toBe(201);
    expect((await session.owner.get(`/orgs/${session.org}/members`)).body.members).toHaveLength(1);
    const invitee = await signedIn({ server: session.server, email: other.email });
    const accepted = await invitee.post('/invitations/accept', { code: invited.body.code });
    expect(accepted.status).toBe(200);
    expect(accepted.body.membership).toMatchObject({ user_id: other.userId, role: 'EDITOR' });
    const changed = await session.owner.patch(`/orgs/${session.org}/members/${other.userId}`, {
      role: 'VIEWER',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.member.role).toBe('VIEWER');
    const list = await session.owner.get(`/orgs/${session.org}/members`);
    expect(list.body.members.map((m: { user_id: string }) => m.user_id)).toContain(other.userId);
    expect((await session.owner.delete(`/orgs/${session.org}/members/${other.userId}`)).status).toBe(204);
    const after = await session.owner.get(`/orgs/${session.org}/members`);
    expect(after.body.members.map((m: { user_id: string }) => m.user_id)).not.toContain(other.userId);

    const log = await session.owner.get(`/orgs/${session.org}/activity`);
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
    const invited = await session.owner.post(`/orgs/${session.org}/invitations`, {
      email: 'newcomer@example.test',
      role: 'VIEWER',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation_url).toBe(`${session.server.url}/invitation#${invited.body.code}`);
    expect((await session.owner.get(`/orgs/${session.org}/invitations`)).body.invitations).toEqual([
      expect.objectContaining({ email: 'newcomer@example.test', role: 'VIEWER' }),
    ]);
    const client = consoleClient(session.server.url);
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
      expect.objectContaining({ id: session.org, role: 'VIEWER' }),
    ]);
    expect(
      (await consoleClient(session.server.url).signIn({ email: 'newcomer@example.test', password })).status,
    ).toBe(200);
    expect((await session.owner.get(`/orgs/${session.org}/invitations`)).body.invitations).toEqual([]);
  });

  it('withdraws an invitation', async () => {
    const invited = await session.owner.post(`/orgs/${session.org}/invitations`, {
      email: 'withdrawn@example.test',
      role: 'VIEWER',
    });
    expect(
      (await session.owner.delete(`/orgs/${session.org}/invitations/${invited.body.invitation.id}`)).status,
    ).toBe(204);
    const redeem = await consoleClient(session.server.url).post('/invitations/redeem', {
      code: invited.body.code,
      password: 'a perfectly good passphrase',
    });
    expect(redeem.status).toBe(404);
    expect(redeem.body.error.field).toBe('code');
  });

  it('refuses to invite a member again, and a bad role or email', async () => {
    expect(
      (
        await session.owner.post(`/orgs/${session.org}/invitations`, {
          email: session.server.owner.email,
          role: 'EDITOR',
        })
      ).status,
    ).toBe(409);
    const badRole = await session.owner.post(`/orgs/${session.org}/invitations`, {
      email: 'a@example.test',
      role: 'GOD',
    });
    expect(badRole.body.error.field).toBe('role');
    const badEmail = await session.owner.post(`/orgs/${session.org}/invitations`, {
      email: 'nope',
      role: 'EDITOR',
    });
    expect(badEmail.body.error.field).toBe('email');
  });

  it('never removes or demotes the last owner', async () => {
    const removal = await session.owner.delete(`/orgs/${session.org}/members/${session.server.owner.userId}`);
    expect(removal.status).toBe(409);
    const demotion = await session.owner.patch(
      `/orgs/${session.org}/members/${session.server.owner.userId}`,
      { role: 'ADMIN' },
    );
    expect(demotion.status).toBe(409);
  });

  it('lets only OWNERs change membership; other members may list', async () => {
    const admin = await session.server.addMember({ organizationId: session.org, role: 'ADMIN' });
    const client = await signedIn({ server: session.server, email: admin.email });
    expect((await client.get(`/orgs/${session.org}/members`)).status).toBe(200);
    const attempt = await client.post(`/orgs/${session.org}/invitations`, {
      email: 'x@example.test',
      role: 'OWNER',
    });
    expect(attempt.status).toBe(403);
    expect((await client.get(`/orgs/${session.org}/invitations`)).status).toBe(403);
    expect(
      (await client.patch(`/orgs/${session.org}/members/${admin.userId}`, { role: 'OWNER' })).status,
    ).toBe(403);
    expect((await client.delete(`/orgs/${session.org}/members/${session.server.owner.userId}`)).status).toBe(
      403,
    );
  });

  it("cannot see or touch another organization's members", async () => {
    const outsider = await session.server.addMember();
    const client = await signedIn({ server: session.server, email: outsider.email });
    expect((await client.get(`/orgs/${session.org}/members`)).status).toBe(404);
    expect(
      (await client.post(`/orgs/${session.org}/invitations`, { email: outsider.email, role: 'OWNER' }))
        .status,
    ).toBe(404);
    expect(
      (await client.patch(`/orgs/${session.org}/members/${session.server.owner.userId}`, { role: 'VIEWER' }))
        .status,
    ).toBe(404);
    expect((await client.delete(`/orgs/${session.org}/members/${session.server.owner.userId}`)).status).toBe(
      404,
    );
    expect(
      (await session.owner.delete(`/orgs/${outsider.organizationId}/members/${outsider.userId}`)).status,
    ).toBe(404);
  });

  it('creates another organization with the creator as OWNER', async () => {
    const reply = await session.owner.post('/orgs', { name: 'Second Org' });
    expect(reply.status).toBe(201);
    expect(reply.body.organization).toMatchObject({ name: 'Second Org', role: 'OWNER' });
    expect((await session.owner.post('/orgs', { name: '' })).body.error.field).toBe('name');
  });
});
