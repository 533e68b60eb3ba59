import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { startSmtpServer } from './smtp.js';

const NEW_PASSWORD = 'a brand new passphrase for tests';

function linkToken(text: string): string {
  const match = /\/reset-password#token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
  return match[1];
}

describe.each(DRIVERS)('password reset by e-mail (%s)', (driver) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let now = Date.now();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      driver,
      clock: () => new Date(now),
      config: {
        smtpUrl: smtp.url,
        mailFrom: 'Comply <no-reply@comply.test>',
        publicUrl: 'http://comply.test',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const ask = (email: string) =>
    consoleClient(server.url).request({
      method: 'POST',
      path: '/password-reset',
      body: { email },
      headers: { host: 'comply.test' },
    });

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const member = await server.addMember();
    const known = await ask(member.email);
    const unknown = await ask('nobody-here@example.test');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    const mail = await smtp.waitFor(member.email);
    expect(mail.from).toBe('no-reply@comply.test');
    expect(mail.text).toContain('Subject: Set a new Comply password');
    expect(mail.text).toContain('http://comply.test/reset-password#token=');
    // Give a mail to the unknown address time to arrive, were one sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
    // Only the token's hash is stored.
    const token = linkToken(mail.text);
    const rows = await server.storage.db.selectFrom('password_resets').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('sets the password once with the link, signs other sessions out, and is audited', async () => {
    const member = await server.addMember();
    const other = consoleClient(server.url);
    expect((await other.signIn({ email: member.email })).status).toBe(200);
    await ask(member.email);
    const token = linkToken((await smtp.waitFor(member.email)).text);
    const client = consoleClient(server.url);
    const weak = await client.post('/password-reset/confirm', { token, new_password: 'password1234' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.field).toBe('new_password');
    const done = await client.post('/password-reset/confirm', { token, new_password: NEW_PASSWORD });
    expect(done.status).toBe(204);
    expect((await other.get('/session')).status).toBe(401);
    expect((await client.signIn({ email: member.email })).status).toBe(401);
    expect((await client.signIn({ email: member.email, password: NEW_PASSWORD })).status).toBe(200);
    const again = await client.post('/password-reset/confirm', {
      token,
      new_password: `${NEW_PASSWORD} again`,
    });
    expect(again.status).toBe(400);
    expect(again.body.error.field).toBe('token');
    const audit = await server.storage.db
      .selectFrom('audit_log')
      .select(['action', 'record_type', 'actor_user_id'])
      .where('record_id', '=', member.userId)
      .execute();
    expect(audit).toContainEqual({
      action: 'resetPassword',
      record_type: 'user',
      actor_user_id: member.userId,
    });
  });

  it('refuses an expired link and a made-up token', async () => {
    const member = await server.addMember();
    await ask(member.email);
    const token = linkToken((await smtp.waitFor(member.email)).text);
    now += 61 * 60_000;
    const client = consoleClient(server.url);
    const expired = await client.post('/password-reset/confirm', { token, new_password: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(expired.body.error.field).toBe('token');
    const madeUp = await client.post('/password-reset/confirm', {
      token: 'x'.repeat(43),
      new_password: NEW_PASSWORD,
    });
    expect(madeUp.status).toBe(400);
  });

  it('limits requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask('limit-me@example.test')).status);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses[5]).toBe(429);
  });
});

describe('password reset without SMTP', () => {
  it('says that no mail can be sent', async () => {
    const server = await startTestServer({ driver: 'pglite' });
    try {
      const reply = await consoleClient(server.url).post('/password-reset', { email: server.owner.email });
      expect(reply.status).toBe(503);
      expect(reply.body.error.message).toContain('SMTP');
    } finally {
      await server.stop();
    }
  });
});
