import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { approval, CookieBrowser, consentForm, MemoryOAuthProvider, REDIRECT_URI } from './oauth-client.js';

/** A self-signed certificate for 127.0.0.1, made with the system's openssl. */
function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'comply-cimd-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** fetch trusting `ca`, through an agent of the same class as Node's own fetch dispatcher. */
function fetchTrusting(ca: string): typeof fetch {
  const global = globalThis as unknown as Record<
    symbol,
    { constructor: new (o: unknown) => unknown } | undefined
  >;
  const Agent = (
    global[Symbol.for('undici.globalDispatcher.1')] ?? global[Symbol.for('undici.globalDispatcher.2')]
  )?.constructor;
  if (!Agent) throw new Error("Node's fetch dispatcher is not reachable");
  const dispatcher = new Agent({ connect: { ca } });
  return (url, init) => fetch(url, { ...init, dispatcher } as RequestInit);
}

describe.each(DRIVERS)('OAuth with a Client ID Metadata Document (%s)', (driver) => {
  let server: TestServer;
  let documents: Server;
  let clientId: string;
  const served: string[] = [];

  beforeAll(async () => {
    const { key, cert } = selfSigned();
    documents = createServer({ key, cert }, (request, response) => {
      served.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
      response.end(
        JSON.stringify({
          client_id: clientId,
          client_name: 'Metadata document client',
          redirect_uris: [REDIRECT_URI],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        }),
      );
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    clientId = `https://127.0.0.1:${(documents.address() as AddressInfo).port}/oauth/client.json`;
    // Loopback is allowed here only because the test says so; the default refuses it (oauth-mcp.test.ts).
    server = await startTestServer({
      driver,
      config: { oauth: true, oauthAllowPrivateMetadata: true },
      oauthFetch: fetchTrusting(cert),
    });
  });
  afterAll(async () => {
    await server?.stop();
    documents?.close();
  });

  it('connects the SDK client with its metadata URL as client_id, without registering', async () => {
    const mcpUrl = new URL(`${server.url}/api/mcp/v1`);
    const provider = new MemoryOAuthProvider({ clientMetadataUrl: clientId });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'c', version: '1' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(provider.authorizationUrl?.searchParams.get('client_id')).toBe(clientId);

    const browser = new CookieBrowser(server.url);
    browser.setCookie(
      'comply_session',
      (await server.storage.sessions.create({ userId: server.owner.userId })).secret,
    );
    const consent = await browser.follow(provider.authorizationUrl!.href);
    const html = await consent.response.text();
    expect(html).toContain('Metadata document client');
    const form = consentForm(html);
    const done = await browser.follow(
      form.action!,
      approval({ origin: server.url, access: 'write', organizationId: server.owner.organizationId }),
    );
    const code = new URL(done.url).searchParams.get('code');
    expect(code).toBeTruthy();
    await transport.finishAuth(code!);
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    expect(served.every((path) => path === '/oauth/client.json')).toBe(true);
    expect(served.length).toBeGreaterThan(0);
  });
});
