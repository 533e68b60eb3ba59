import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Storage, StorageError, usageHour } from '../src/index.js';
import { DRIVERS, fixedClock, openTestStorage, seedOrganization, testActor } from './helpers.js';

describe.each(DRIVERS)('accounts on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  const clock = fixedClock();

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
  });
  afterAll(() => dispose());

  /** A READ token without an end, of the owner of a new organization named `orgName`. */
  const readToken = async (orgName: string, tokenName: string) => {
    const { user } = await seedOrganization(storage, orgName);
    const created = await storage.tokens.create({
      userId: user.id,
      name: tokenName,
      scope: 'READ',
      expiresAt: null,
    });
    return { user, ...created };
  };

  /** The token as its owner's token list shows it. */
  const listedToken = async (userId: string, tokenId: string) =>
    (await storage.tokens.listForUser({ userId })).find((t) => t.id === tokenId);

  it('hashes passwords and finds users by email case-insensitively', async () => {
    const before = await storage.users.count();
    const user = await storage.users.create({ email: 'Ada@Example.com', password: 'difference engine' });
    expect(await storage.users.count()).toBe(before + 1);
    expect((await storage.users.findByEmail({ email: 'ada@example.COM' }))?.id).toBe(user.id);
    expect(
      await storage.users.verifyPassword({ email: 'ada@example.com', password: 'difference engine' }),
    ).toEqual(user);
    expect(
      await storage.users.verifyPassword({ email: 'ada@example.com', password: 'analytical engine' }),
    ).toBeNull();
    await expect(
      storage.users.create({ email: 'ADA@example.com', password: 'whatever123' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'email',
    });
    const row = await storage.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it('authenticates tokens and intersects memberships with the restriction', async () => {
    const { user, organization } = await seedOrganization(storage, 'Org A');
    const other = await storage.organizations.create({
      name: 'Org B',
      ownerUserId: user.id,
      actor: testActor(user.id),
    });
    const { organization: foreign } = await seedOrganization(storage, 'Not mine');

    const all = await storage.tokens.create({
      userId: user.id,
      name: 'all',
      scope: 'WRITE',
      expiresAt: null,
    });
    expect(all.secret).toMatch(/^comply_pat_[A-Za-z0-9_-]{43}$/);
    expect(all.token.prefix).toBe(all.secret.slice(0, 16));
    const auth = await storage.tokens.authenticate(all.secret);
    if (!auth.ok) throw new Error('expected ok');
    expect(auth.user.id).toBe(user.id);
    expect(auth.organizations.map((o) => o.id).sort()).toEqual([organization.id, other.id].sort());
    expect(auth.organizations.every((o) => o.role === 'OWNER')).toBe(true);

    const narrow = await storage.tokens.create({
      userId: user.id,
      name: 'narrow',
      scope: 'READ',
      expiresAt: '2026-07-01T00:00:00.000Z',
      organizationIds: [other.id],
    });
    const narrowAuth = await storage.tokens.authenticate(narrow.secret);
    expect(narrowAuth.ok && narrowAuth.organizations).toEqual([
      { id: other.id, role: 'OWNER', expires_at: null },
    ]);
    expect(narrowAuth.ok && narrowAuth.token.organization_ids).toEqual([other.id]);

    await expect(
      storage.tokens.create({
        userId: user.id,
        name: 'x',
        scope: 'READ',
        expiresAt: null,
        organizationIds: [foreign.id],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'organization_ids' });

    expect(await storage.tokens.authenticate('comply_pat_nope')).toEqual({ ok: false, reason: 'unknown' });
    clock.set('2026-07-02T00:00:00.000Z');
    expect(await storage.tokens.authenticate(narrow.secret)).toEqual({ ok: false, reason: 'expired' });
    await storage.tokens.revoke({ tokenId: all.token.id, userId: user.id });
    expect(await storage.tokens.authenticate(all.secret)).toEqual({ ok: false, reason: 'revoked' });
    clock.set('2026-06-15T12:00:00.000Z');
  });

  it('runs one token query for callers that present the same uncached secret at once', async () => {
    const { user, secret } = await readToken('Herd', 'herd');
    const executor = storage.db.getExecutor();
    const executeQuery = vi.spyOn(executor, 'executeQuery');
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => storage.tokens.authenticate(secret)),
      );
      expect(answers.every((answer) => answer.ok && answer.user.id === user.id)).toBe(true);
      const lookups = executeQuery.mock.calls.filter(([query]) => query.sql.includes('secret_hash'));
      expect(lookups).toHaveLength(1);
    } finally {
      executeQuery.mockRestore();
    }
  });

  it('records usage: last used, calls per window and the recent tools ring', async () => {
    const { user, token } = await readToken('Usage', 'usage');
    const at = (iso: string) => new Date(iso);
    const record = (args: { tool: string; at: Date; ip: string; client: string }) =>
      storage.tokens.recordUsage({
        tokenId: token.id,
        ip: args.ip,
        client: args.client,
        hours: [{ hour: usageHour(args.at), calls: 1 }],
        recent: [{ tool: args.tool, at: args.at }],
      });
    await record({ tool: 'listRisks', ip: '10.0.0.1', client: 'claude', at: at('2026-06-01T10:00:00.000Z') });
    for (let i = 0; i < 11; i++) {
      const when = at(`2026-06-15T11:${String(i).padStart(2, '0')}:00.000Z`);
      await record({ tool: `tool${i}`, ip: '10.0.0.2', client: 'cursor', at: when });
    }
    const listed = await listedToken(user.id, token.id);
    expect(listed?.last_used_at).toBe('2026-06-15T11:10:00.000Z');
    expect(listed?.last_used_ip).toBe('10.0.0.2');
    expect(listed?.last_used_client).toBe('cursor');
    expect(listed?.calls_24h).toBe(11);
    expect(listed?.calls_30d).toBe(12);
    expect(listed?.recent_tools).toHaveLength(10);
    expect(listed?.recent_tools[0]).toEqual({ tool: 'tool10', at: '2026-06-15T11:10:00.000Z' });
  });

  it('records a batch of calls across hours in one write, newest tools first', async () => {
    const { user, token } = await readToken('Usage batch', 'batch');
    const at = (iso: string) => new Date(iso);
    await storage.tokens.recordUsage({
      tokenId: token.id,
      ip: '10.0.0.3',
      client: 'mcp-inspector',
      hours: [
        { hour: at('2026-06-15T10:00:00.000Z'), calls: 40 },
        { hour: at('2026-06-15T11:00:00.000Z'), calls: 2 },
      ],
      recent: [
        { tool: 'getRisk', at: at('2026-06-15T11:00:01.000Z') },
        { tool: 'listRisks', at: at('2026-06-15T11:00:00.000Z') },
      ],
    });
    await storage.tokens.recordUsage({
      tokenId: token.id,
      ip: '10.0.0.4',
      client: 'mcp-inspector',
      hours: [{ hour: at('2026-06-15T11:00:00.000Z'), calls: 1 }],
      recent: [{ tool: 'addVendor', at: at('2026-06-15T11:30:00.000Z') }],
    });
    const listed = await listedToken(user.id, token.id);
    expect(listed?.calls_24h).toBe(43);
    expect(listed?.last_used_at).toBe('2026-06-15T11:30:00.000Z');
    expect(listed?.last_used_ip).toBe('10.0.0.4');
    expect(listed?.recent_tools.map((r) => r.tool)).toEqual(['addVendor', 'getRisk', 'listRisks']);
  });

  it('refuses to remove or demote the last OWNER', async () => {
    const { user, organization, actor } = await seedOrganization(storage, 'Owners');
    await expect(
      storage.memberships.remove({ organizationId: organization.id, userId: user.id, actor }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      storage.memberships.changeRole({
        organizationId: organization.id,
        userId: user.id,
        role: 'ADMIN',
        actor,
      }),
    ).rejects.toBeInstanceOf(StorageError);
    const second = await storage.users.create({
      email: `second-${organization.id}@example.com`,
      password: 'password123',
    });
    await storage.memberships.add({
      organizationId: organization.id,
      userId: second.id,
      role: 'OWNER',
      actor,
    });
    await storage.memberships.remove({ organizationId: organization.id, userId: user.id, actor });
    expect(
      (await storage.memberships.list({ organizationId: organization.id })).map((m) => m.user_id),
    ).toEqual([second.id]);
    expect(
      await storage.organizations.getForUser({ organizationId: organization.id, userId: user.id }),
    ).toBeNull();
  });

  it('resolves console sessions until they expire or are revoked', async () => {
    const { user } = await seedOrganization(storage, 'Sessions');
    const { secret } = await storage.sessions.create({ userId: user.id, ttlMs: 60_000 });
    expect((await storage.sessions.get(secret))?.user.id).toBe(user.id);
    clock.tick(61_000);
    expect(await storage.sessions.get(secret)).toBeNull();
    const second = await storage.sessions.create({ userId: user.id });
    await storage.sessions.revoke(second.secret);
    expect(await storage.sessions.get(second.secret)).toBeNull();
  });
});
