import { hashSecret } from '@comply/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { SSO_CLIENT, startIdp, testSsoConfig, throughIdp } from './oidc-idp.js';

describe.each(DRIVERS)('single sign-on through a real OpenID provider (%s)', (driver) => {
  let server: TestServer;
  let idp: Awaited<ReturnType<typeof startIdp>>;
  let callbackBase: string;

  beforeAll(async () => {
    idp = await startIdp();
    const sso = testSsoConfig({ issuer: idp.issuer, role: 'EDITOR' });
    server = await startTestServer({ driver, config: { sso } });
    // New people join the harness owner's organization (the setting is read at each sign-in).
    sso.organizationId = server.owner.organizationId;
    callbackBase = `${server.url}/api/console/sso/callback`;
    await idp.register({ ...SSO_CLIENT, redirectUri: callbackBase });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await idp?.stop();
  });

  /** Starts a sign-in: the flow cookie and the provider's authorization URL. */
  async function start() {
    const response = await fetch(`${server.url}/api/console/sso/start`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const flow = /comply_sso=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    expect(flow).toBeDefined();
    return { flow: String(flow), authorizeUrl: String(response.headers.get('location')) };
  }

  /** Returns to the console's callback with the flow cookie: where it sends the browser, and the session. */
  async function finish({ callback, flow }: { callback: string; flow: string }) {
    const response = await fetch(callback, { redirect: 'manual', headers: { cookie: `comply_sso=${flow}` } });
    const session = /comply_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    return { status: response.status, location: response.headers.get('location'), session };
  }

  async function signIn(login: string) {
    const { flow, authorizeUrl } = await start();
    const callback = await throughIdp({ authorizeUrl, login, stopAt: callbackBase });
    return finish({ callback, flow });
  }

  it('says SSO is on and sends the browser to the provider with PKCE, state and nonce', async () => {
    expect((await consoleClient(server.url).get('/sso')).body).toEqual({ enabled: true, name: 'Test IdP' });
    const { authorizeUrl } = await start();
    const url = new URL(authorizeUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/.{20,}/);
    expect(url.searchParams.get('nonce')).toMatch(/.{20,}/);
    expect(url.searchParams.get('redirect_uri')).toBe(callbackBase);
  });

  it('makes an account just in time for an allowed domain and signs in to it again', async () => {
    const first = await signIn('ada@sso.test');
    expect(first).toMatchObject({ status: 303, location: '/' });
    const client = consoleClient(server.url);
    client.cookie = first.session;
    const me = await client.get('/session');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'ada@sso.test', name: 'Person ada@sso.test' });
    const again = await signIn('ada@sso.test');
    expect(again.location).toBe('/');
    const users = await server.storage.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ada@sso.test')
      .execute();
    expect(users).toHaveLength(1);
    const audit = await server.storage.db
      .selectFrom('audit_log')
      .select('action')
      .where('record_id', '=', me.body.user.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['createSsoAccount']);
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ id: server.owner.organizationId, role: 'EDITOR' }),
    ]);
    const joined = await server.storage.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('organization_id', '=', server.owner.organizationId)
      .where('action', '=', 'joinWithSso')
      .execute();
    expect(joined).toEqual([{ action: 'joinWithSso', actor_user_id: me.body.user.id }]);
  });

  it('refuses a domain that is not allowed and an unverified e-mail, making no account', async () => {
    expect((await signIn('eve@elsewhere.test')).location).toBe('/signin?sso_error=domain');
    expect((await signIn('unverified@sso.test')).location).toBe('/signin?sso_error=email');
    const made = await server.storage.users.findByEmail({ email: 'eve@elsewhere.test' });
    expect(made).toBeNull();
  });

  it('refuses a wrong state, a wrong issuer, a wrong nonce and a replayed callback', async () => {
    const wrongState = await start();
    const stateCallback = new URL(
      await throughIdp({ ...wrongState, login: 'bob@sso.test', stopAt: callbackBase }),
    );
    stateCallback.searchParams.set('state', 'not-the-state');
    expect((await finish({ callback: stateCallback.href, flow: wrongState.flow })).location).toBe(
      '/signin?sso_error=failed',
    );

    const wrongIssuer = await start();
    const issuerCallback = new URL(
      await throughIdp({ ...wrongIssuer, login: 'bob@sso.test', stopAt: callbackBase }),
    );
    expect(issuerCallback.searchParams.get('iss')).toBe(idp.issuer);
    issuerCallback.searchParams.set('iss', 'http://127.0.0.1:9/');
    expect((await finish({ callback: issuerCallback.href, flow: wrongIssuer.flow })).location).toBe(
      '/signin?sso_error=failed',
    );

    // The ID token carries the nonce of the authorization request; the server expects another one.
    const wrongNonce = await start();
    const id = hashSecret(wrongNonce.flow);
    const stored = await server.storage.oauthRecords.find({ model: 'SsoLogin', id });
    await server.storage.oauthRecords.upsert({
      model: 'SsoLogin',
      id,
      payload: { ...stored, nonce: 'a-nonce-the-provider-never-saw' },
      expiresInSeconds: 600,
    });
    const nonceCallback = await throughIdp({ ...wrongNonce, login: 'bob@sso.test', stopAt: callbackBase });
    expect((await finish({ callback: nonceCallback, flow: wrongNonce.flow })).location).toBe(
      '/signin?sso_error=failed',
    );

    // A callback without the browser's flow cookie, or a second time with it, signs nobody in.
    const replay = await start();
    const callback = await throughIdp({ ...replay, login: 'bob@sso.test', stopAt: callbackBase });
    expect((await finish({ callback, flow: 'made-up' })).location).toBe('/signin?sso_error=expired');
    const once = await finish({ callback, flow: replay.flow });
    expect(once.location).toBe('/');
    const twice = await finish({ callback, flow: replay.flow });
    expect(twice).toMatchObject({ location: '/signin?sso_error=expired', session: undefined });
  });

  it('links an existing account of the same e-mail, whose password is then refused', async () => {
    const user = await server.storage.users.create({
      email: 'carol@sso.test',
      password: 'correct horse battery staple',
    });
    const client = consoleClient(server.url);
    const refused = await client.signIn({ email: 'carol@sso.test' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', field: 'email' });
    expect(refused.body.error.message).toContain('Test IdP');
    const reset = await client.post('/password-reset', { email: 'carol@sso.test' });
    expect(reset.status).toBe(403);
    const result = await signIn('carol@sso.test');
    expect(result.location).toBe('/');
    const row = await server.storage.db
      .selectFrom('users')
      .select(['sso_issuer', 'sso_subject'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sso_issuer: idp.issuer, sso_subject: 'carol@sso.test' });
    // Other domains keep signing in with their password.
    expect((await client.signIn({ email: server.owner.email })).status).toBe(200);
  });
});
