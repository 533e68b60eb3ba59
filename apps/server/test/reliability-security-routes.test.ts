import { openStorage, type Storage } from '@comply/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/serve.js';
import { embeddedDatabase } from './embedded.js';
import { type RawReply, rawRequest, routesOf } from './reliability/raw-http.js';

/** A concrete path for a route pattern: parameters filled in, the SPA wildcard left out. */
function concrete(pattern: string): string | null {
  if (pattern.includes('*')) return null;
  return pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'tool' ? 'listOrganizations' : 'x_1'));
}

/** Spellings of `path` that the router may send to the same route. */
function variants({ path, authority }: { path: string; authority: string }): Record<string, string> {
  const segments = path.split('/').slice(1);
  const encode = (segment: string) =>
    /^[a-z]/i.test(segment) ? `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}` : segment;
  return {
    encoded: `/${segments.map(encode).join('/')}`,
    'double-slashed': path.replaceAll('/', '//'),
    'absolute-form': `http://${authority}${path}`,
    'dot-segment': `/${segments[0]}/.${path.slice(segments[0]!.length + 1)}`,
    'trailing-dot authority': `http://${authority.replace(/(:\d+)?$/, '.$1')}${path}`,
  };
}

/** The routes a Bearer token protects. */
const bearerRoute = (route: { path: string }) =>
  route.path.startsWith('/api/mcp/') || route.path.startsWith('/api/oscal/');

/** The reply did not reach the route's handler: no route matched, or the SPA's page answered. */
function notRouted(reply: RawReply): boolean {
  return reply.status === 404 || String(reply.headers['content-type']).startsWith('text/html');
}

describe('every registered route keeps its protections under every spelling of its path', () => {
  let storage: Storage;
  let running: RunningServer;
  let port: number;
  let routes: { method: string; path: string }[];

  const start = async (overrides: Partial<ServerConfig> = {}) => {
    const config = { ...loadConfig({}), port: 0, ...overrides };
    return startServer({ config, storage, logger: false });
  };

  beforeAll(async () => {
    storage = await openStorage(embeddedDatabase());
    running = await start({ unauthenticatedRateLimitPerMinute: 0 });
    port = Number(new URL(running.url).port);
    routes = routesOf(running.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.method !== 'HEAD')
      .flatMap((r) => {
        const path = concrete(r.path);
        return path ? [{ method: r.method, path }] : [];
      });
  });
  afterAll(async () => {
    await running?.stop();
    await storage?.close();
  });

  const send = ({
    method,
    target,
    headers,
    serverPort = port,
  }: {
    method: string;
    target: string;
    headers: Record<string, string>;
    serverPort?: number;
  }) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
    const all = body ? { ...headers, 'content-type': 'application/json' } : headers;
    return rawRequest({ port: serverPort, method, target, headers: all, body });
  };

  async function expectSameProtection({
    headers,
    expectPlain,
    filter = () => true,
    serverPort = port,
  }: {
    headers: Record<string, string>;
    expectPlain: (route: { method: string; path: string }, reply: RawReply) => void;
    filter?: (route: { method: string; path: string }) => boolean;
    serverPort?: number;
  }) {
    const checked = routes.filter(filter);
    expect(checked.length).toBeGreaterThan(3);
    for (const route of checked) {
      const plain = await send({ method: route.method, target: route.path, headers, serverPort });
      expectPlain(route, plain);
      const authority = headers.host ?? '';
      for (const [name, target] of Object.entries(variants({ path: route.path, authority }))) {
        const reply = await send({ method: route.method, target, headers, serverPort });
        const label = `${route.method} ${target} (${name}) answered ${reply.status}, plain ${plain.status}`;
        expect(reply.status === plain.status || notRouted(reply), label).toBe(true);
        if (plain.status >= 400) expect(reply.headers['set-cookie'], label).toBeUndefined();
      }
    }
  }

  it('asks for a token on every MCP and OSCAL path and a session on every signed-in console path', async () => {
    await expectSameProtection({
      headers: { host: `127.0.0.1:${port}`, 'x-comply-csrf': '1', accept: 'application/json' },
      expectPlain: (route, reply) => {
        if (bearerRoute(route)) expect(reply.status, route.path).toBe(401);
      },
    });
  });

  it('refuses a foreign Host and Origin on every /api/ path', async () => {
    await expectSameProtection({
      headers: { host: 'evil.example', origin: 'http://evil.example', 'x-comply-csrf': '1' },
      filter: (route) => route.path.startsWith('/api/'),
      expectPlain: (route, reply) => expect(reply.status, `${route.method} ${route.path}`).toBe(403),
    });
  });

  it('refuses a loopback Origin on another port on every /api/ path', async () => {
    await expectSameProtection({
      headers: { host: `127.0.0.1:${port}`, origin: 'http://127.0.0.1:1', 'x-comply-csrf': '1' },
      filter: (route) => route.path.startsWith('/api/'),
      expectPlain: (route, reply) => expect(reply.status, `${route.method} ${route.path}`).toBe(403),
    });
  });

  it('asks for the CSRF header on every state-changing console path', async () => {
    await expectSameProtection({
      headers: { host: `127.0.0.1:${port}` },
      filter: (route) => route.path.startsWith('/api/console/') && route.method !== 'GET',
      expectPlain: (route, reply) => expect(reply.status, `${route.method} ${route.path}`).toBe(403),
    });
  });

  it('counts refused credentials per address on every MCP and OSCAL path, whatever its spelling', async () => {
    const limited = await start({ unauthenticatedRateLimitPerMinute: 1 });
    try {
      const limitedPort = Number(new URL(limited.url).port);
      const headers = { host: `127.0.0.1:${limitedPort}`, accept: 'application/json' };
      const first = await send({
        method: 'GET',
        target: '/api/mcp/v1/health',
        headers,
        serverPort: limitedPort,
      });
      expect(first.status).toBe(401);
      await expectSameProtection({
        headers,
        serverPort: limitedPort,
        filter: bearerRoute,
        expectPlain: (route, reply) => expect(reply.status, `${route.method} ${route.path}`).toBe(429),
      });
    } finally {
      await limited.stop();
    }
  });
});
