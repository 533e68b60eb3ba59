import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../src/console/rate-limit.js';
import { consoleClient, HARNESS_PASSWORD, signedIn } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

describe.each(DRIVERS)('sign-in and password limits (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // Loopback is the trusted proxy, so each test picks client addresses with X-Forwarded-For.
    server = await startTestServer({ driver, config: { trustedProxies: ['127.0.0.1'] } });
  });
  afterAll(() => server?.stop());

  const signIn = async ({ email, password, from }: { email: string; password: string; from: string }) =>
    (
      await consoleClient(server.url).request({
        method: 'POST',
        path: '/session',
        body: { email, password },
        headers: { 'x-forwarded-for': from },
      })
    ).status;

  it.each([20, 100])('evaluates at most 5 of %i parallel attempts on one email', async (attempts) => {
    const member = await server.addMember();
    const from = `192.0.2.${attempts}`;
    const statuses = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        signIn({
          email: member.email,
          password: i === attempts - 1 ? HARNESS_PASSWORD : `wrong guess ${i}`,
          from,
        }),
      ),
    );
    const evaluated = statuses.filter((status) => status !== 429);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(attempts - 5);
  });

  it('does not let a stranger lock the owner out of their usual address', async () => {
    const owner = await server.addMember();
    expect(await signIn({ email: owner.email, password: HARNESS_PASSWORD, from: '198.51.100.1' })).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect(await signIn({ email: owner.email, password: `guess ${i}`, from: '203.0.113.66' })).toBe(401);
    }
    expect(await signIn({ email: owner.email, password: HARNESS_PASSWORD, from: '203.0.113.66' })).toBe(429);
    for (let i = 0; i < 4; i++) {
      const from = `203.0.113.${100 + i}`;
      for (let j = 0; j < 5; j++) await signIn({ email: owner.email, password: `guess ${j}`, from });
    }
    expect(await signIn({ email: owner.email, password: HARNESS_PASSWORD, from: '198.51.100.1' })).toBe(200);
  });

  it('makes strangers elsewhere wait progressively once an email has failed 5 times', async () => {
    const owner = await server.addMember();
    for (let i = 0; i < 5; i++) {
      expect(
        await signIn({ email: owner.email, password: 'a wrong one', from: `203.0.113.${200 + i}` }),
      ).toBe(401);
    }
    expect(await signIn({ email: owner.email, password: HARNESS_PASSWORD, from: '203.0.113.250' })).toBe(429);
  });

  it('limits wrong current passwords when changing the password', async () => {
    const member = await server.addMember();
    const client = await signedIn({ server, email: member.email });
    const change = (current: string) =>
      client.post('/account/password', { current_password: current, new_password: 'a fresh passphrase 42' });
    for (let i = 0; i < 5; i++) expect((await change(`not it ${i}`)).status).toBe(400);
    const limited = await change(HARNESS_PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses common passwords, repeated characters and the account’s own email', async () => {
    const member = await server.addMember();
    const client = await signedIn({ server, email: member.email });
    const local = member.email.slice(0, member.email.indexOf('@'));
    for (const weak of [
      'aaaaaaaaaaaa',
      'qwerty123456',
      '1qaz2wsx3edc',
      member.email,
      `${local}2024`,
      'short',
    ]) {
      const reply = await client.post('/account/password', {
        current_password: HARNESS_PASSWORD,
        new_password: weak,
      });
      expect(reply.status, weak).toBe(400);
      expect(reply.body.error.field, weak).toBe('new_password');
    }
    const ok = await client.post('/account/password', {
      current_password: HARNESS_PASSWORD,
      new_password: 'violet kettles hum at dawn',
    });
    expect(ok.status).toBe(204);
  });
});

describe('the attempt limiter', () => {
  it('doubles the wait after each failure past a progressive limit, up to the window', async () => {
    let now = 0;
    const limiter = createAttemptLimiter({
      rule: () => ({ limit: 2, windowMs: 60_000, progressive: true }),
      now: () => now,
    });
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      let wait = (await limiter.reserve(['k'])).wait;
      if (wait > 0) waits.push(wait);
      while (wait > 0) {
        now += wait * 1000;
        wait = (await limiter.reserve(['k'])).wait;
      }
    }
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60);
  });

  it('takes back a reserved attempt that succeeded', async () => {
    const limiter = createAttemptLimiter({ rule: () => ({ limit: 1, windowMs: 60_000 }) });
    await (await limiter.reserve(['k'])).succeeded();
    expect((await limiter.reserve(['k'])).wait).toBe(0);
    expect((await limiter.reserve(['k'])).wait).toBeGreaterThan(0);
  });
});
