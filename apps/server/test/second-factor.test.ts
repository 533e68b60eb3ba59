import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { type ConsoleClient, consoleClient, signedIn } from './console-client.js';
import { DRIVERS, useTestServer } from './harness.js';
import { CookieBrowser, MemoryOAuthProvider } from './oauth-client.js';

describe.each(DRIVERS)('second factor (%s)', (driver) => {
  let now = Date.now();
  const server = useTestServer({ driver, clock: () => new Date(now) });

  const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(now / 1000) });
  const nextStep = () => {
    now += 30_000;
  };

  /** Enrols a fresh member; returns the secret, the recovery codes and the signed-in client. */
  async function enrolled(args: { organizationId?: string; role?: 'EDITOR' } = {}) {
    const member = await server.addMember(args);
    const client = await signedIn({ server, email: member.email });
    const started = await client.post('/account/second-factor/enrol');
    expect(started.status).toBe(200);
    const secret: string = started.body.secret;
    const confirmed = await client.post('/account/second-factor/confirm', { code: await codeFor(secret) });
    expect(confirmed.status).toBe(200);
    nextStep();
    return { member, client, secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
  }

  async function passwordStep(email: string): Promise<ConsoleClient> {
    const client = consoleClient(server.url);
    const reply = await client.signIn({ email });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ second_factor_required: true });
    return client;
  }

  it('enrols with a QR code and the secret once, keeps the secret encrypted and the codes hashed', async () => {
    const member = await server.addMember();
    const client = await signedIn({ server, email: member.email });
    const started = await client.post('/account/second-factor/enrol');
    expect(started.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(started.body.otpauth_uri).toContain(`secret=${started.body.secret}`);
    expect(started.body.qr_code).toMatch(/^data:image\/png;base64,/);
    const wrong = await client.post('/account/second-factor/confirm', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe('code');
    const bad = await client.post('/account/second-factor/confirm', { code: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('code');
    const ok = await client.post('/account/second-factor/confirm', {
      code: await codeFor(started.body.secret),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.recovery_codes).size).toBe(10);
    const state = await client.get('/account/second-factor');
    expect(state.body).toEqual({
      enabled: true,
      enabled_at: expect.any(String),
      recovery_codes_left: 10,
      required: false,
    });
    expect(JSON.stringify(state.body)).not.toContain(started.body.secret);
    const row = await server.storage.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_secret).not.toContain(started.body.secret);
    expect(row.totp_pending_secret).toBeNull();
    const codes = await server.storage.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', member.userId)
      .execute();
    expect(codes.map((c) => c.code_hash)).not.toContain(ok.body.recovery_codes[0]);
    expect((await client.post('/account/second-factor/enrol')).status).toBe(409);
  });

  it('asks for the code after the password; the half-signed-in session serves nothing else', async () => {
    const { member, secret } = await enrolled();
    const client = await passwordStep(member.email);
    expect((await client.get('/session')).status).toBe(401);
    expect((await client.get('/orgs')).status).toBe(401);
    const wrong = await client.post('/session/second-factor', { code: '123456' });
    expect(wrong.status).toBe(400);
    const code = await codeFor(secret);
    const done = await client.post('/session/second-factor', { code });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(member.email);
    expect((await client.get('/session')).body.second_factor).toEqual({ enabled: true, required: false });
    // The same code again (same time step) is refused: a code works once.
    const replay = await passwordStep(member.email);
    expect((await replay.post('/session/second-factor', { code })).status).toBe(400);
    // Without a pending session there is no code step.
    expect((await consoleClient(server.url).post('/session/second-factor', { code })).status).toBe(401);
  });

  it('accepts each recovery code once, and audits it', async () => {
    const { member, recoveryCodes } = await enrolled();
    const first = await passwordStep(member.email);
    const code = recoveryCodes[0]!.toUpperCase();
    expect((await first.post('/session/second-factor', { recovery_code: code })).status).toBe(200);
    expect((await first.get('/account/second-factor')).body.recovery_codes_left).toBe(9);
    const second = await passwordStep(member.email);
    expect((await second.post('/session/second-factor', { recovery_code: code })).status).toBe(400);
    const both = await second.post('/session/second-factor', { code: '123456', recovery_code: code });
    expect(both.status).toBe(400);
    const actions = await server.storage.db
      .selectFrom('audit_log')
      .select('action')
      .where('record_type', '=', 'user')
      .where('record_id', '=', member.userId)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['enableSecondFactor', 'useRecoveryCode']);
  });

  it('limits wrong codes per account', async () => {
    const { member } = await enrolled();
    const client = await passwordStep(member.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client.post('/session/second-factor', { code: String(100000 + i) })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('replaces recovery codes and turns the factor off with a current code', async () => {
    const { member, client, secret, recoveryCodes } = await enrolled();
    const replaced = await client.post('/account/second-factor/recovery-codes', {
      code: await codeFor(secret),
    });
    expect(replaced.status).toBe(200);
    nextStep();
    expect(replaced.body.recovery_codes).not.toContain(recoveryCodes[0]);
    const off = await client.post('/account/second-factor/disable', {
      recovery_code: replaced.body.recovery_codes[0],
    });
    expect(off.status).toBe(204);
    expect((await consoleClient(server.url).signIn({ email: member.email })).body.user.email).toBe(
      member.email,
    );
    const actions = await server.storage.db
      .selectFrom('audit_log')
      .select('action')
      .where('record_id', '=', member.userId)
      .where('record_type', '=', 'user')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'enableSecondFactor',
      'replaceRecoveryCodes',
      'useRecoveryCode',
      'disableSecondFactor',
    ]);
  });

  it("lets an OWNER require a second factor of the organization's members", async () => {
    const owner = await server.addMember();
    const ownerClient = await signedIn({ server, email: owner.email });
    const editor = await server.addMember({ organizationId: owner.organizationId, role: 'EDITOR' });
    const editorClient = await signedIn({ server, email: editor.email });
    const path = `/orgs/${owner.organizationId}/security`;
    expect((await editorClient.request({ method: 'PUT', path, body: { require_totp: true } })).status).toBe(
      403,
    );
    const bad = await ownerClient.request({ method: 'PUT', path, body: { require_totp: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('require_totp');
    const set = await ownerClient.request({ method: 'PUT', path, body: { require_totp: true } });
    expect(set.body).toEqual({ require_totp: true });
    // Until they set one up, members reach only their session and account.
    expect((await editorClient.get('/orgs')).status).toBe(403);
    expect((await editorClient.get('/session')).body.second_factor).toEqual({
      enabled: false,
      required: true,
    });
    const started = await editorClient.post('/account/second-factor/enrol');
    const code = await codeFor(started.body.secret);
    expect((await editorClient.post('/account/second-factor/confirm', { code })).status).toBe(200);
    expect((await editorClient.get('/orgs')).status).toBe(200);
    const entry = await server.storage.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('organization_id', '=', owner.organizationId)
      .where('action', '=', 'updateOrganizationSecurity')
      .executeTakeFirstOrThrow();
    expect(entry.before).toEqual({ require_totp: false });
    expect(entry.after).toEqual({ require_totp: true });
    // Another organization's setting is not found.
    const stranger = await signedIn({ server, email: (await server.addMember()).email });
    expect((await stranger.get(path)).status).toBe(404);
  });
});

describe('OAuth consent and the second factor', () => {
  const server = useTestServer({ driver: 'pglite', config: { oauth: true } });

  /** The consent page an app's authorization request leads to, in a browser holding `session`. */
  async function consentPage(session: string) {
    const provider = new MemoryOAuthProvider();
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp/v1`), {
      authProvider: provider,
    });
    await expect(new Client({ name: 't', version: '1' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const browser = new CookieBrowser(server.url);
    browser.setCookie('comply_session', session);
    const first = await browser.follow(String(provider.authorizationUrl));
    // The page reloads itself once (a Strict cookie withheld cross-site); follow that as a browser would.
    const again = await browser.follow(`${new URL(first.url).pathname}?step=reload`);
    return { status: again.response.status, html: await again.response.text() };
  }

  it('treats a session still waiting for its second factor as signed out', async () => {
    const full = await server.storage.sessions.create({ userId: server.owner.userId });
    expect((await consentPage(full.secret)).html).toContain('name="organization_id"');
    const pending = await server.storage.sessions.create({
      userId: server.owner.userId,
      pendingFactor: true,
    });
    const page = await consentPage(pending.secret);
    expect(page.status).toBe(401);
    expect(page.html).toContain('Sign in to Comply first');
    expect(page.html).not.toContain('name="organization_id"');
  });
});
