import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, fixedClock, openTestStorage, seedOrganization, testActor } from './helpers.js';

describe.each(DRIVERS)('invitations on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  let organizationId: string;
  let ownerId: string;
  const clock = fixedClock();

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
    const seeded = await seedOrganization(storage);
    organizationId = seeded.organization.id;
    ownerId = seeded.user.id;
  });
  afterAll(() => dispose());

  const invite = (email: string, ttlMs?: number) =>
    storage.invitations.create({
      organizationId,
      email,
      role: 'EDITOR',
      actor: testActor(ownerId, 'inviteMember'),
      ttlMs,
    });

  it('lets a newcomer redeem a code once, with their own password', async () => {
    const { invitation, secret } = await invite('newcomer@example.test');
    expect(invitation).toMatchObject({ email: 'newcomer@example.test', role: 'EDITOR', invited_by: ownerId });
    expect(JSON.stringify(await storage.invitations.listPending({ organizationId }))).not.toContain(secret);
    expect(await storage.invitationCodes.preview({ secret })).toMatchObject({
      email: 'newcomer@example.test',
    });
    const redeemed = await storage.invitationCodes.redeem({ secret, password: 'my own long passphrase' });
    if (!redeemed.ok) throw new Error(redeemed.problem);
    expect(redeemed.value.membership).toMatchObject({ organization_id: organizationId, role: 'EDITOR' });
    expect(
      await storage.users.verifyPassword({
        email: 'newcomer@example.test',
        password: 'my own long passphrase',
      }),
    ).not.toBeNull();
    expect(await storage.invitationCodes.redeem({ secret, password: 'another passphrase' })).toEqual({
      ok: false,
      problem: 'invalid',
    });
    expect(await storage.invitationCodes.preview({ secret })).toBeNull();
    expect(await storage.invitations.listPending({ organizationId })).toEqual([]);
  });

  it('asks an existing account to accept, and only the account the code was meant for', async () => {
    const other = await seedOrganization(storage, 'Other');
    const stranger = await seedOrganization(storage, 'Stranger');
    const { secret } = await invite(other.user.email.toUpperCase());
    expect(await storage.invitationCodes.redeem({ secret, password: 'takeover attempt!' })).toEqual({
      ok: false,
      problem: 'account_exists',
    });
    expect(await storage.invitationCodes.accept({ secret, user: stranger.user })).toEqual({
      ok: false,
      problem: 'other_email',
    });
    expect(await storage.memberships.get({ organizationId, userId: other.user.id })).toBeNull();
    const accepted = await storage.invitationCodes.accept({ secret, user: other.user });
    expect(accepted).toMatchObject({ ok: true, value: { user_id: other.user.id, role: 'EDITOR' } });
    expect((await storage.invitationCodes.accept({ secret, user: other.user })).ok).toBe(false);
  });

  it('refuses expired and withdrawn codes, and withdraws an earlier code for the same email', async () => {
    const expired = await invite('late@example.test', 60_000);
    clock.tick(60_001);
    expect(
      (await storage.invitationCodes.redeem({ secret: expired.secret, password: 'late passphrase!' })).ok,
    ).toBe(false);
    const first = await invite('twice@example.test');
    const second = await invite('twice@example.test');
    expect(await storage.invitationCodes.preview({ secret: first.secret })).toBeNull();
    await storage.invitations.revoke({ organizationId, id: second.invitation.id, actor: testActor(ownerId) });
    expect(await storage.invitationCodes.preview({ secret: second.secret })).toBeNull();
    await expect(invite((await storage.users.get({ id: ownerId }))!.email)).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'email',
    });
  });

  it('lets exactly one of many parallel redemptions of a code win', async () => {
    const { secret } = await invite('racer@example.test');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        storage.invitationCodes.redeem({ secret, password: `racer passphrase ${i}` }),
      ),
    );
    const wins = results.filter((r) => r.status === 'fulfilled' && r.value.ok);
    expect(wins).toHaveLength(1);
  });
});
