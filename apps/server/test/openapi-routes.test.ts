import { openStorage, type Storage } from '@comply/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/serve.js';
import { embeddedDatabase } from './embedded.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { contractProblems, operations } from './openapi-contract.js';
import { routesOf } from './reliability/raw-http.js';

/**
 * Not described by the document: the console's API and pages, the API reference itself, the MCP
 * endpoint, whose JSON-RPC protocol is MCP's (its tools are the documented REST operations), and the
 * tool icons it links to (static SVG files, like the console's assets).
 */
const UNDOCUMENTED = /^(\/api\/console\/|\/api\/docs|\/api\/mcp\/v1$|\/icons\/|\/?\*|\/$)/;

describe('the document and the routes the server registers', () => {
  let storage: Storage;
  let running: RunningServer;
  beforeAll(async () => {
    storage = await openStorage(embeddedDatabase());
    running = await startServer({ config: { ...loadConfig({}), port: 0 }, storage, logger: false });
  });
  afterAll(async () => {
    await running?.stop();
    await storage?.close();
  });

  it('every API route outside the console and /api/docs is documented, with its method', () => {
    const documented = new Set(
      operations().map(([method, path]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const served = routesOf(running.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.method !== 'HEAD' && !UNDOCUMENTED.test(r.path))
      .map((r) => `${r.method} ${r.path.replace(':tool', 'listRisks')}`);
    expect(served.length).toBeGreaterThan(3);
    const missing = served.filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
  });
});

describe.each(DRIVERS)('the endpoints that are not tools answer what the document says (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server?.stop());

  it.each([
    ['/livez', false],
    ['/readyz', false],
    ['/api/openapi.json', false],
    ['/api/mcp/v1/health', true],
  ])('GET %s', async (path, withToken) => {
    const headers: Record<string, string> = withToken
      ? { authorization: `Bearer ${server.owner.token}` }
      : {};
    const res = await fetch(`${server.url}${path}`, { headers });
    expect(res.status).toBe(200);
    expect(contractProblems({ path, method: 'get', status: res.status, body: await res.json() })).toEqual([]);
    if (withToken) {
      const anonymous = await fetch(`${server.url}${path}`);
      expect(anonymous.status).toBe(401);
      const body = await anonymous.json();
      expect(contractProblems({ path, method: 'get', status: 401, body })).toEqual([]);
    }
  });

  it('the OSCAL endpoints: library, export and import answer as documented', async () => {
    const auth = { authorization: `Bearer ${server.owner.token}` };
    const check = async (a: { path: string; method: string; res: Response; status: number }) => {
      expect(a.res.status).toBe(a.status);
      const body = await a.res.json();
      expect(contractProblems({ path: a.path, method: a.method, status: a.status, body })).toEqual([]);
      return body;
    };
    const library = await fetch(`${server.url}/api/oscal/library`, { headers: auth });
    await check({ path: '/api/oscal/library', method: 'get', res: library, status: 200 });
    const org = server.owner.organizationId;
    const framework = await server.call('addFramework', {
      organization_id: org,
      name: 'Contract baseline',
      controls: [{ code: 'C.1', title: 'A control' }],
    });
    expect(framework.status).toBe(200);
    const exportPath = '/api/oscal/export/{model}';
    const exported = await fetch(
      `${server.url}/api/oscal/export/catalog?organization_id=${org}&framework_id=${framework.body.id}`,
      { headers: auth },
    );
    const catalog = await check({ path: exportPath, method: 'get', res: exported, status: 200 });
    const imported = await fetch(`${server.url}/api/oscal/import?organization_id=${org}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(catalog),
    });
    await check({ path: '/api/oscal/import', method: 'post', res: imported, status: 201 });
    const refused = await fetch(`${server.url}/api/oscal/import?organization_id=${org}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"catalog": {}}',
    });
    await check({ path: '/api/oscal/import', method: 'post', res: refused, status: 400 });
  });
});
