import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestServer, useTestServer } from './harness.js';

const PATHS = [
  {
    name: 'MCP endpoint',
    method: 'POST',
    path: '/api/mcp/v1',
    body: { jsonrpc: '2.0', id: 1, method: 'ping' },
  },
  { name: 'health', method: 'GET', path: '/api/mcp/v1/health', body: undefined },
  { name: 'REST tool path', method: 'POST', path: '/api/mcp/tools/listOrganizations', body: {} },
] as const;

type Path = (typeof PATHS)[number];

/** What the 401s carry; successful replies are not read here. */
type ErrorReply = { error: { code: string; message: string } };

async function send({
  server,
  path,
  authorization,
}: {
  server: TestServer;
  path: Path;
  authorization?: string;
}) {
  const headers: Record<string, string> = { accept: 'application/json, text/event-stream' };
  if (path.body) headers['content-type'] = 'application/json';
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await fetch(`${server.url}${path.path}`, {
    method: path.method,
    headers,
    body: path.body ? JSON.stringify(path.body) : undefined,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json().catch(() => undefined)) as ErrorReply,
  };
}

/** Sends raw bytes, for header values no well-behaved HTTP client would send. */
function sendRaw({
  server,
  path,
  authorizationLine,
}: {
  server: TestServer;
  path: Path;
  authorizationLine: string;
}) {
  const { hostname, port } = new URL(server.url);
  const body = path.body ? JSON.stringify(path.body) : '';
  const request =
    `${path.method} ${path.path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${authorizationLine}\r\n` +
    'Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
  return new Promise<{ status: number; wwwAuthenticate: string | undefined }>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('end', () =>
      resolve({
        status: Number(data.split(' ')[1]),
        wwwAuthenticate: /\r\nwww-authenticate: ([^\r]*)/i.exec(data)?.[1],
      }),
    );
  });
}

describe.each(DRIVERS)('Bearer authentication (%s)', (driver) => {
  const server = useTestServer({ driver });
  let expired: string;
  let revoked: string;

  beforeAll(async () => {
    expired = (
      await server.createToken({
        userId: server.owner.userId,
        expiresAt: new Date(Date.now() - 60_000).toISOString(),
      })
    ).token;
    const toRevoke = await server.createToken({ userId: server.owner.userId });
    await server.storage.tokens.revoke({ tokenId: toRevoke.tokenId });
    revoked = toRevoke.token;
  });

  describe.each(PATHS)('$name', (path) => {
    it('accepts the exact form "Bearer <token>"', async () => {
      const { status } = await send({ server, path, authorization: `Bearer ${server.owner.token}` });
      expect(status).toBe(200);
    });

    it.each(['bearer', 'BEARER', 'bEaReR'])('accepts the scheme word written %s', async (scheme) => {
      const { status } = await send({ server, path, authorization: `${scheme} ${server.owner.token}` });
      expect(status).toBe(200);
    });

    const cases: [string, (token: string) => string | undefined, RegExp][] = [
      ['missing header', () => undefined, /No Authorization header/],
      ['empty header', () => '', /No Authorization header/],
      ['another scheme', (t) => `Basic ${t}`, /Bearer <token>/],
      ['the scheme word with a trailing colon', (t) => `bearer: ${t}`, /Bearer <token>/],
      ['no scheme at all', (t) => t, /Bearer <token>/],
      ['two spaces', (t) => `Bearer  ${t}`, /Bearer <token>/],
      ['a space inside the token', (t) => `Bearer ${t.slice(0, 10)} ${t.slice(10)}`, /Bearer <token>/],
      ['an escaped newline pasted into the token', (t) => `Bearer ${t}\\n`, /Bearer <token>/],
      [
        'an unknown token',
        () => 'Bearer comply_pat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        /not valid/,
      ],
    ];
    it.each(cases)('refuses %s with 401 and WWW-Authenticate', async (_name, header, message) => {
      const { status, headers, body } = await send({
        server,
        path,
        authorization: header(server.owner.token),
      });
      expect(status).toBe(401);
      expect(headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
      expect(body.error.code).toBe('UNAUTHORIZED');
      expect(body.error.message).toMatch(message);
    });

    it('refuses an expired token', async () => {
      const { status, body } = await send({ server, path, authorization: `Bearer ${expired}` });
      expect(status).toBe(401);
      expect(body.error.message).toMatch(/expired/);
    });

    it('refuses a revoked token', async () => {
      const { status, body } = await send({ server, path, authorization: `Bearer ${revoked}` });
      expect(status).toBe(401);
      expect(body.error.message).toMatch(/revoked/);
    });

    it.each([
      ['a trailing newline', '\n'],
      ['a trailing carriage return', '\r'],
    ])('refuses a token with %s with 401', async (_name, suffix) => {
      const result = await sendRaw({
        server,
        path,
        authorizationLine: `Authorization: Bearer ${server.owner.token}${suffix}`,
      });
      expect(result.status).toBe(401);
      expect(result.wwwAuthenticate).toMatch(/^Bearer error="invalid_token"/);
    });
  });

  it('serves no OAuth discovery documents', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
    }
  });

  it('refuses a token the moment it is revoked', async () => {
    const { token, tokenId } = await server.createToken({ userId: server.owner.userId });
    const path = PATHS[2];
    expect((await send({ server, path, authorization: `Bearer ${token}` })).status).toBe(200);
    await server.storage.tokens.revoke({ tokenId });
    expect((await send({ server, path, authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('refuses a foreign Origin and a foreign Host with 403', async () => {
    const foreignOrigin = await fetch(`${server.url}/api/mcp/tools/listOrganizations`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.owner.token}`,
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
      body: '{}',
    });
    expect(foreignOrigin.status).toBe(403);
    const { hostname, port } = new URL(server.url);
    const status = await new Promise<number>((resolve) => {
      const socket = net.connect(Number(port), hostname, () =>
        socket.write('GET /api/mcp/v1/health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('end', () => resolve(Number(data.split(' ')[1])));
    });
    expect(status).toBe(403);
  });
});
