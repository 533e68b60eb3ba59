import { toolNames, tools } from '@comply/schemas';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2Transport,
  UnauthorizedError as V2UnauthorizedError,
} from '@modelcontextprotocol/client';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import {
  approval,
  authorizeUrl,
  CookieBrowser,
  consentForm,
  MemoryOAuthProvider,
  REDIRECT_URI,
} from './oauth-client.js';

const FORM = 'application/x-www-form-urlencoded';

describe.each(DRIVERS)('OAuth for the MCP endpoint (%s)', (driver) => {
  let server: TestServer;
  let session: string;
  let mcpUrl: URL;
  beforeAll(async () => {
    server = await startTestServer({ driver, config: { oauth: true } });
    session = (await server.storage.sessions.create({ userId: server.owner.userId })).secret;
    mcpUrl = new URL(`${server.url}/api/mcp/v1`);
  });
  afterAll(() => server?.stop());

  /** Runs the SDK's auth up to the redirect, then consents as the signed-in owner; returns the callback. */
  async function authorize({
    provider = new MemoryOAuthProvider(),
    access = 'read',
    decision = 'approve',
  }: {
    provider?: MemoryOAuthProvider;
    access?: 'read' | 'write';
    decision?: string;
  } = {}) {
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    return { transport, ...(await consent({ provider, access, decision })) };
  }

  /** Opens the authorization URL the SDK produced in a signed-in "browser" and submits the consent form. */
  async function consent({
    provider,
    access,
    decision,
  }: {
    provider: MemoryOAuthProvider;
    access: 'read' | 'write';
    decision: string;
  }) {
    expect(provider.authorizationUrl).toBeDefined();
    const browser = new CookieBrowser(server.url);
    browser.setCookie('comply_session', session);
    const consent = await browser.follow(provider.authorizationUrl!.href);
    expect(consent.response.status).toBe(200);
    const html = await consent.response.text();
    expect(html).toContain('SDK test client');
    expect(html).toContain('client.example.test');
    const form = consentForm(html);
    expect(form.organizations).toEqual([server.owner.organizationId]);
    const body = new URLSearchParams({ decision, access });
    for (const id of form.organizations) body.append('organization_id', id);
    const done = await browser.follow(form.action!, {
      method: 'POST',
      headers: { 'content-type': FORM, origin: server.url },
      body,
    });
    const callback = new URL(done.url);
    return { provider, callback, browser, form, html };
  }

  async function connectWith(provider: MemoryOAuthProvider) {
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    return client;
  }

  const token = (params: Record<string, string>) =>
    fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: new URLSearchParams(params),
    });

  const mcpPost = (bearer: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });

  it('serves protected-resource metadata (path-aware and root) and authorization-server metadata', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource/api/mcp/v1',
      '/.well-known/oauth-protected-resource',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        resource: mcpUrl.href,
        authorization_servers: [server.url],
        scopes_supported: ['comply:read', 'comply:write'],
      });
    }
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      const metadata = await response.json();
      expect(metadata).toMatchObject({
        issuer: server.url,
        authorization_endpoint: `${server.url}/oauth/authorize`,
        token_endpoint: `${server.url}/oauth/token`,
        registration_endpoint: `${server.url}/oauth/register`,
        revocation_endpoint: `${server.url}/oauth/revoke`,
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        client_id_metadata_document_supported: true,
        authorization_response_iss_parameter_supported: true,
        response_types_supported: ['code'],
      });
    }
  });

  it('answers an MCP request without a token with 401 naming the resource metadata, in both eras', async () => {
    const legacy = await mcpPost(undefined, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const modern = await mcpPost(
      undefined,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      },
      { 'mcp-protocol-version': '2026-07-28' },
    );
    for (const response of [legacy, modern]) {
      expect(response.status).toBe(401);
      const header = response.headers.get('www-authenticate') ?? '';
      expect(header).toMatch(/^Bearer /);
      expect(header).toContain(
        `resource_metadata="${server.url}/.well-known/oauth-protected-resource/api/mcp/v1"`,
      );
      expect(header).toContain('scope="comply:read comply:write"');
    }
  });

  it('connects the SDK client with no pre-shared token: registration, PKCE, consent, token, tools', async () => {
    const { provider, transport, callback } = await authorize({ access: 'write' });
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('iss')).toBe(server.url);
    expect(provider.info?.client_id).toBeTruthy();
    await transport.finishAuth(callback.searchParams.get('code')!);
    expect(provider.saved?.access_token).toBeTruthy();
    expect(provider.saved?.refresh_token).toBeTruthy();
    expect(provider.saved?.scope?.split(' ').sort()).toEqual(['comply:read', 'comply:write']);

    const client = await connectWith(provider);
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual([...toolNames].sort());
    const added = await client.callTool({
      name: 'addRisk',
      arguments: {
        organization_id: server.owner.organizationId,
        name: 'OAuth risk',
        inherent_likelihood: 2,
        inherent_impact: 3,
      },
    });
    expect(added.isError).toBeFalsy();
    await client.close();

    // The grant is a connected app beside the API tokens, with the owner's organization only.
    const apps = await server.storage.tokens.listForUser({ userId: server.owner.userId, kind: 'oauth' });
    const app = apps.find((a) => a.name === 'SDK test client');
    expect(app).toMatchObject({
      scope: 'WRITE',
      organization_ids: [server.owner.organizationId],
      revoked_at: null,
    });
    const tokens = await server.storage.tokens.listForUser({ userId: server.owner.userId });
    expect(tokens.some((t) => t.id === app!.id)).toBe(false);
    // The write is in the organization's audit log under the app's token, like an API token's.
    const log = await server.storage.auditLog.list({
      organizationId: server.owner.organizationId,
      filters: { token_id: app!.id },
    });
    expect(log.items.map((entry) => [entry.action, entry.source])).toContainEqual(['addRisk', 'mcp']);
  });

  it('connects the v2 SDK client in the 2026-07-28 era, checking the iss of the callback', async () => {
    const provider = new MemoryOAuthProvider({ name: 'SDK test client' });
    const pinned = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;
    const transport = new V2Transport(mcpUrl, { authProvider: provider });
    await expect(
      new V2Client({ name: 'v2', version: '1' }, pinned).connect(transport),
    ).rejects.toBeInstanceOf(V2UnauthorizedError);
    const { callback } = await consent({ provider, access: 'read', decision: 'approve' });
    await transport.finishAuth(callback.searchParams);
    const client = new V2Client({ name: 'v2', version: '1' }, pinned);
    await client.connect(new V2Transport(mcpUrl, { authProvider: provider }));
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual(
      toolNames.filter((n) => tools[n].access === 'read').sort(),
    );
    await client.close();
  });

  it('lists only read tools for a read-only grant and refuses a write with 403 insufficient_scope', async () => {
    const { provider, transport, callback } = await authorize({ access: 'read' });
    await transport.finishAuth(callback.searchParams.get('code')!);
    expect(provider.saved?.scope).toBe('comply:read');
    const client = await connectWith(provider);
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual(
      toolNames.filter((n) => tools[n].access === 'read').sort(),
    );
    await client.close();

    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'addRisk',
        arguments: {
          organization_id: server.owner.organizationId,
          name: 'x',
          inherent_likelihood: 1,
          inherent_impact: 1,
        },
      },
    };
    const refused = await mcpPost(provider.saved!.access_token, call);
    expect(refused.status).toBe(403);
    const header = refused.headers.get('www-authenticate') ?? '';
    expect(header).toContain('error="insufficient_scope"');
    expect(header).toContain('resource_metadata=');
    const read = await mcpPost(provider.saved!.access_token, {
      ...call,
      params: { name: 'listRisks', arguments: { organization_id: server.owner.organizationId } },
    });
    expect(read.status).toBe(200);
  });

  it('leaves API tokens alone: a valid Bearer token works and an OAuth token is refused on REST', async () => {
    const client = new Client({ name: 'static', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(mcpUrl, {
        requestInit: { headers: { Authorization: `Bearer ${server.owner.token}` } },
      }),
    );
    expect((await client.listTools()).tools.length).toBe(toolNames.length);
    await client.close();

    const { provider, transport, callback } = await authorize({ access: 'write' });
    await transport.finishAuth(callback.searchParams.get('code')!);
    const rest = await server.call(
      'listRisks',
      { organization_id: server.owner.organizationId },
      { token: provider.saved!.access_token },
    );
    expect(rest.status).toBe(401);
  });

  it('sends a request for none of its scopes back as invalid_scope, before any consent', async () => {
    const provider = new MemoryOAuthProvider();
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 't', version: '1' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const apps = async () =>
      (await server.storage.tokens.listForUser({ userId: server.owner.userId, kind: 'oauth' })).length;
    const before = await apps();
    for (const scope of [null, 'openid profile']) {
      const url = new URL(provider.authorizationUrl!);
      if (scope === null) url.searchParams.delete('scope');
      else url.searchParams.set('scope', scope);
      const browser = new CookieBrowser(server.url);
      browser.setCookie('comply_session', session);
      const { url: landed } = await browser.follow(url.href);
      const callback = new URL(landed);
      expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
      expect(callback.searchParams.get('error')).toBe('invalid_scope');
    }
    expect(await apps()).toBe(before);
  });

  it('refuses a redirect URI the client did not register, without redirecting to it', async () => {
    const provider = new MemoryOAuthProvider();
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 't', version: '1' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const url = new URL(provider.authorizationUrl!);
    url.searchParams.set('redirect_uri', 'https://client.example.test/callback/other');
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri');
  });

  it('refuses a replayed authorization code and a token request without the PKCE verifier', async () => {
    const first = await authorize();
    const code = first.callback.searchParams.get('code')!;
    const grant = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: first.provider.info!.client_id,
      code_verifier: first.provider.verifier!,
      resource: mcpUrl.href,
    };
    expect((await token(grant)).status).toBe(200);
    const replay = await token(grant);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');

    const second = await authorize();
    const { code_verifier: _omitted, ...withoutVerifier } = {
      ...grant,
      code: second.callback.searchParams.get('code')!,
      client_id: second.provider.info!.client_id,
    };
    const missing = await token(withoutVerifier);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatch(/invalid_(grant|request)/);
  });

  it('rotates refresh tokens; a reused one revokes the grant and its connected app', async () => {
    const { provider, transport, callback } = await authorize({ access: 'write' });
    await transport.finishAuth(callback.searchParams.get('code')!);
    const clientId = provider.info!.client_id;
    const first = provider.saved!.refresh_token!;
    const rotated = await token({
      grant_type: 'refresh_token',
      refresh_token: first,
      client_id: clientId,
      resource: mcpUrl.href,
    });
    expect(rotated.status).toBe(200);
    const next = await rotated.json();
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(first);
    expect((await mcpPost(next.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(
      200,
    );

    const reused = await token({ grant_type: 'refresh_token', refresh_token: first, client_id: clientId });
    expect(reused.status).toBe(400);
    expect((await reused.json()).error).toBe('invalid_grant');
    // The whole grant is gone: the newer refresh token and the access token no longer work.
    const after = await token({
      grant_type: 'refresh_token',
      refresh_token: next.refresh_token,
      client_id: clientId,
    });
    expect(after.status).toBe(400);
    expect((await mcpPost(next.access_token, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(
      401,
    );
  });

  it('refuses a token for another resource', async () => {
    const { provider, callback } = await authorize();
    const response = await token({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: provider.info!.client_id,
      code_verifier: provider.verifier!,
      resource: 'https://other.example.test/api/mcp/v1',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_target');

    const url = new URL(provider.authorizationUrl!);
    url.searchParams.set('resource', 'https://other.example.test/api/mcp/v1');
    const authorization = await fetch(url, { redirect: 'manual' });
    const location = new URL(authorization.headers.get('location') ?? '', server.url);
    expect(location.searchParams.get('error')).toBe('invalid_target');
  });

  it('refuses a client metadata document URL that points at a private or loopback address', async () => {
    for (const clientId of [
      'https://127.0.0.1/client.json',
      'https://10.1.2.3/client.json',
      'https://[::1]/client.json',
      'https://localhost/client.json',
    ]) {
      const url = authorizeUrl({
        origin: server.url,
        clientId,
        scope: 'comply:read',
        challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      });
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('client_id metadata document fetch not allowed');
    }
  });

  it('sends a denial back to the app as access_denied and records no connected app', async () => {
    const before = await server.storage.tokens.listForUser({ userId: server.owner.userId, kind: 'oauth' });
    const { callback } = await authorize({ decision: 'deny' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const after = await server.storage.tokens.listForUser({ userId: server.owner.userId, kind: 'oauth' });
    expect(after.length).toBe(before.length);
  });

  it('refuses a consent posted from another origin', async () => {
    const provider = new MemoryOAuthProvider();
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 't', version: '1' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const browser = new CookieBrowser(server.url);
    browser.setCookie('comply_session', session);
    const consent = await browser.follow(provider.authorizationUrl!.href);
    const form = consentForm(await consent.response.text());
    const response = await browser.request(
      form.action!,
      approval({
        origin: 'https://evil.example.test',
        access: 'write',
        organizationId: server.owner.organizationId,
      }),
    );
    expect(response.status).toBe(403);
  });

  it('revokes a connected app from the console: its access token stops working at once', async () => {
    const { provider, transport, callback } = await authorize({ access: 'write' });
    await transport.finishAuth(callback.searchParams.get('code')!);
    const access = provider.saved!.access_token;
    expect((await mcpPost(access, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200);
    const list = await fetch(`${server.url}/api/console/connected-apps`, {
      headers: { cookie: `comply_session=${session}` },
    });
    expect(list.status).toBe(200);
    const { apps } = await list.json();
    const app = apps.find((a: { status: string }) => a.status === 'ACTIVE');
    const revoked = await fetch(`${server.url}/api/console/connected-apps/${app.id}`, {
      method: 'DELETE',
      headers: { cookie: `comply_session=${session}`, 'x-comply-csrf': '1' },
    });
    expect(revoked.status).toBe(200);
    expect((await mcpPost(access, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(401);
    const refresh = await token({
      grant_type: 'refresh_token',
      refresh_token: provider.saved!.refresh_token!,
      client_id: provider.info!.client_id,
    });
    expect(refresh.status).toBe(400);
  });
});
