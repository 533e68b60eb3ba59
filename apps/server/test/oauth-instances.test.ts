import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from './instances.js';
import { postMcp } from './mcp-client.js';
import { approval, authorizeUrl, CookieBrowser, consentForm, REDIRECT_URI } from './oauth-client.js';

const PUBLIC = 'https://comply.example.test';
const RESOURCE = `${PUBLIC}/api/mcp/v1`;
const FORM = 'application/x-www-form-urlencoded';

// Two servers on one PostgreSQL schema behind one public address: an authorization started on one
// is consented to and resumed on the other (shared cookie keys), its code exchanged on the other,
// and disconnecting an app through one is refused by the other within the auth cache's second.
describe.skipIf(!process.env.TEST_DATABASE_URL)('OAuth across two instances', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ count: 2, config: { oauth: true, publicUrl: PUBLIC } });
  });
  afterAll(() => cluster?.stop());

  it('starts on one instance, consents and exchanges on the other, and revokes everywhere', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const owner = await cluster.addOwner();
    const session = (await a.storage.sessions.create({ userId: owner.userId })).secret;

    const registered = await fetch(`${a.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Two-instance app',
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = await registered.json();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = authorizeUrl({
      origin: b.url,
      clientId,
      scope: 'comply:read comply:write',
      challenge,
      resource: RESOURCE,
    });

    // The interaction starts on B; its cookies then go to A, which shows and takes the consent.
    const onB = new CookieBrowser(b.url);
    const started = await onB.request(authorize.href);
    expect(started.status).toBe(303);
    const consentPath = started.headers.get('location')!;
    const onA = new CookieBrowser(a.url);
    for (const line of started.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      onA.setCookie(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    onA.setCookie('comply_session', session);
    const page = await onA.request(consentPath);
    expect(page.status).toBe(200);
    const form = consentForm(await page.text());
    const decided = await onA.follow(
      form.action!,
      approval({ origin: PUBLIC, access: 'write', organizationId: owner.organizationId }),
    );
    // The library sends the browser back to the address that took the authorization request
    // (instance B here; one public address behind a load balancer). Resume it on A instead.
    expect(decided.response.status).toBe(303);
    expect(new URL(decided.url).origin).toBe(b.url);
    const resumed = await onA.follow(new URL(decided.url).pathname);
    const callback = new URL(resumed.url);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('iss')).toBe(PUBLIC);

    const exchanged = await fetch(`${a.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: REDIRECT_URI,
        client_id: clientId,
        code_verifier: verifier,
        resource: RESOURCE,
      }),
    });
    expect(exchanged.status).toBe(200);
    const { access_token: access } = await exchanged.json();
    const list = (url: string) =>
      postMcp({ url, token: access, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect((await list(a.url)).status).toBe(200);
    expect((await list(b.url)).status).toBe(200);

    const [app] = await b.storage.tokens.listForUser({ userId: owner.userId, kind: 'oauth' });
    await b.storage.tokens.revoke({ tokenId: app!.id, userId: owner.userId });
    const until = Date.now() + 1000;
    let status = 200;
    while (status === 200 && Date.now() < until) status = (await list(a.url)).status;
    expect(status).toBe(401);
  });
});
