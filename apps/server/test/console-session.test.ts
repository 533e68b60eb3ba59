import { describe, expect, it } from 'vitest';
import { consoleClient, HARNESS_PASSWORD, signedIn } from './console-client.js';
import { DRIVERS, useTestServer } from './harness.js';

describe.each(DRIVERS)('console session (%s)', (driver) => {
  let now = Date.now();
  const server = useTestServer({ driver, clock: () => new Date(now) });

  it('signs in with an HttpOnly, SameSite=Strict cookie (not Secure over plain HTTP) and answers who I am', async () => {
    const client = consoleClient(server.url);
    const reply = await client.signIn({ email: server.owner.email });
    expect(reply.status).toBe(200);
    const cookie = reply.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^comply_session=[\w-]{40,}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');
    const me = await client.get('/session');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(server.owner.email);
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ id: server.owner.organizationId, role: 'OWNER' }),
    ]);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('does not trust a forged X-Forwarded-Proto when no public URL is configured', async () => {
    const client = consoleClient(server.url);
    // trustProxy is on only with a public URL, so a forged header must not make it Secure here.
    const reply = await client.request({
      method: 'POST',
      path: '/session',
      body: { email: server.owner.email, password: HARNESS_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(reply.headers.get('set-cookie')).not.toContain('Secure');
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const client = consoleClient(server.url);
    const wrong = await client.signIn({ email: server.owner.email, password: 'not the password' });
    const unknown = await client.signIn({ email: 'nobody@example.test', password: 'whatever it is' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toEqual(unknown.body.error);
    expect(wrong.body.error.code).toBe('UNAUTHORIZED');
  });

  it('refuses requests without a session, with an unknown cookie, and after sign-out', async () => {
    expect((await consoleClient(server.url).get('/session')).status).toBe(401);
    const forged = consoleClient(server.url);
    forged.cookie = 'not-a-session';
    expect((await forged.get('/tokens')).status).toBe(401);

    const client = await signedIn({ server, email: server.owner.email });
    const cookie = client.cookie;
    const out = await client.delete('/session');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    const replay = consoleClient(server.url);
    replay.cookie = cookie;
    expect((await replay.get('/session')).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const client = await signedIn({ server, email: server.owner.email });
    expect((await client.get('/session')).status).toBe(200);
    now += 12 * 3_600_000 + 1000;
    try {
      const reply = await client.get('/session');
      expect(reply.status).toBe(401);
      expect(reply.body.error.code).toBe('UNAUTHORIZED');
    } finally {
      now = Date.now();
    }
  });

  it('requires the CSRF header on state-changing requests and refuses foreign origins', async () => {
    const client = await signedIn({ server, email: server.owner.email });
    const noHeader = await client.request({
      method: 'POST',
      path: '/tokens',
      body: { name: 'x' },
      csrf: false,
    });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.error.message).toContain('x-comply-csrf');
    const signInNoHeader = await consoleClient(server.url).request({
      method: 'POST',
      path: '/session',
      body: { email: server.owner.email, password: HARNESS_PASSWORD },
      csrf: false,
    });
    expect(signInNoHeader.status).toBe(403);
    const foreign = await client.request({
      method: 'POST',
      path: '/tokens',
      body: { name: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await client.get('/tokens')).status).toBe(200);
  });

  it('changes the password: checks the current one, signs out other sessions, keeps this one', async () => {
    const member = await server.addMember();
    const here = await signedIn({ server, email: member.email });
    const elsewhere = await signedIn({ server, email: member.email });
    const wrong = await here.post('/account/password', {
      current_password: 'not it at all',
      new_password: 'a brand new passphrase',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe('current_password');
    const short = await here.post('/account/password', {
      current_password: HARNESS_PASSWORD,
      new_password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.error.field).toBe('new_password');
    const ok = await here.post('/account/password', {
      current_password: HARNESS_PASSWORD,
      new_password: 'a brand new passphrase',
    });
    expect(ok.status).toBe(204);
    expect((await here.get('/session')).status).toBe(200);
    expect((await elsewhere.get('/session')).status).toBe(401);
    expect((await consoleClient(server.url).signIn({ email: member.email })).status).toBe(401);
    const again = await consoleClient(server.url).signIn({
      email: member.email,
      password: 'a brand new passphrase',
    });
    expect(again.status).toBe(200);
  });

  it('rate-limits failed sign-ins per email, even with the right password afterwards', async () => {
    const member = await server.addMember();
    const client = consoleClient(server.url);
    for (let i = 0; i < 5; i++) {
      expect((await client.signIn({ email: member.email, password: `wrong guess ${i}` })).status).toBe(401);
    }
    const limited = await client.signIn({ email: member.email });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await server.addMember();
    expect((await client.signIn({ email: other.email })).status).toBe(200);
  });

  it('rate-limits failed sign-ins per address across emails', async () => {
    const client = consoleClient(server.url);
    // The per-address budget (20) is shared with the failures of the earlier tests in this file.
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) {
      status = (await client.signIn({ email: `guess-${i}@example.test`, password: 'nope nope nope' })).status;
    }
    expect(status).toBe(429);
    const member = await server.addMember();
    expect((await client.signIn({ email: member.email })).status).toBe(429);
  });
});
