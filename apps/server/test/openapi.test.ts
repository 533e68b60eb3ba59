import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ToolName, toolNames, tools } from '@comply/schemas';
import { seedDemo } from '@comply/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/http/openapi-route.js';
import { COMPLY_ICON_SVG } from '../src/mcp/icons.js';
import { distinct, exampleIds, exampleRows, withIds } from './examples.js';
import { DRIVERS, type Member, startTestServer, type TestServer } from './harness.js';
import { connectMcp } from './mcp-client.js';
import { contractProblems, operations } from './openapi-contract.js';

describe('the OpenAPI document and the API reference are served without a token', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
  });
  afterAll(() => server?.stop());

  it('GET /api/openapi.json answers the generated document as JSON', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(openApiDocument);
  });

  it('still refuses another site (Origin) like every /api/ path', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    await res.body?.cancel();
  });

  it('GET /api/docs is a Swagger UI page whose scripts come from this server only', async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|unsafe-eval/);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const asset = await fetch(new URL(src, `${server.url}/api/docs/`));
      expect(asset.status, src).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const spec = await fetch(`${server.url}/api/docs/json`);
    expect(((await spec.json()) as { paths: object }).paths).toEqual(openApiDocument.paths);
  });

  it('shows Comply’s mark and title in Swagger UI, not the plugin’s logo', async () => {
    const html = await (await fetch(`${server.url}/api/docs/`)).text();
    expect(html).toContain('<title>Comply API reference</title>');
    const init = await (await fetch(`${server.url}/api/docs/static/swagger-initializer.js`)).text();
    expect(init).toContain(`data:image/svg+xml;base64,${Buffer.from(COMPLY_ICON_SVG).toString('base64')}`);
    const fastifyLogo = readFileSync(
      createRequire(import.meta.url).resolve('@fastify/swagger-ui/static/logo.svg'),
    ).toString('base64');
    expect(init).not.toContain(fastifyLogo.slice(0, 200));
  });

  it('the console keeps its own policy', async () => {
    const res = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).not.toContain("script-src 'self'");
    await res.body?.cancel();
  });

  it('every tool in tools/list has exactly one operation, and every tool operation is a tool', async () => {
    const client = await connectMcp({ server });
    const listed = (await client.listTools()).tools.map((t) => t.name).sort();
    await client.close();
    const documented = operations()
      .filter(([, path]) => path.startsWith('/api/mcp/tools/'))
      .map(([method, path, op]) => {
        expect(method).toBe('post');
        expect(path).toBe(`/api/mcp/tools/${op.operationId}`);
        return op.operationId;
      })
      .sort();
    expect(documented).toEqual(listed);
    expect(new Set(documented).size).toBe(documented.length);
  });
});

describe.each(DRIVERS)('every operation answers what the document says (%s)', (driver) => {
  let server: TestServer;
  let ids: Map<string, string>;
  let reader: Member;
  let organizationId: string;
  const check = (tool: string, status: number, body: unknown) =>
    expect(contractProblems({ path: `/api/mcp/tools/${tool}`, method: 'post', status, body })).toEqual([]);

  beforeAll(async () => {
    server = await startTestServer({ driver });
    ({ organizationId } = await seedDemo({ storage: server.storage, ownerUserId: server.owner.userId }));
    ids = await exampleIds({ server, organizationId });
    reader = await server.addMember({ organizationId, role: 'VIEWER' });
  });
  afterAll(() => server?.stop());

  it.each(exampleRows())('%s: %s → 200 with the documented output', async (tool, _title, example) => {
    const res = await server.call(tool, distinct({ input: withIds({ input: example, ids }), run: driver }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    check(tool, res.status, res.body);
  });

  it.each(toolNames.flatMap((n) => tools[n].invalidExamples.map((e) => [n, e.title ?? e.field, e] as const)))(
    '%s: %s → 400 naming the field',
    async (tool, _title, example) => {
      const res = await server.call(tool, withIds({ input: example.input, ids }));
      expect(res.status).toBe(400);
      expect(res.body.error.field).toBe(example.field);
      check(tool, res.status, res.body);
    },
  );

  it.each(toolNames.map((n) => [n]))('%s: no token → 401, a bad body → 400, as documented', async (tool) => {
    const anonymous = await fetch(`${server.url}/api/mcp/tools/${tool}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    check(tool, 401, await anonymous.json());
    const bad = await server.call(tool, { organization_id: 7, id: 7 });
    expect(bad.status).toBe(400);
    check(tool, 400, bad.body);
  });

  const writes = toolNames.filter((n) => tools[n].access === 'write' && !tools[n].selfAttestation);
  it.each(writes.map((n) => [n]))('%s: a VIEWER → 403 as documented', async (tool) => {
    const [example] = tools[tool as ToolName].examples;
    const res = await server.call(tool, withIds({ input: example!.input, ids }), { token: reader.token });
    expect(res.status).toBe(403);
    check(tool, 403, res.body);
  });

  // A self-attestation (acknowledging a policy) is every member's own write but an AUDITOR's.
  const attestations = toolNames.filter((n) => tools[n].selfAttestation);
  it.each(attestations.map((n) => [n]))(
    '%s: a VIEWER → 200, an AUDITOR → 403, as documented',
    async (tool) => {
      const [example] = tools[tool as ToolName].examples;
      const input = withIds({ input: example!.input, ids });
      const viewer = await server.call(tool, input, { token: reader.token });
      expect(viewer.status, JSON.stringify(viewer.body)).toBe(200);
      check(tool, 200, viewer.body);
      const auditor = await server.addMember({ organizationId, role: 'AUDITOR' });
      const refused = await server.call(tool, input, { token: auditor.token });
      expect(refused.status).toBe(403);
      check(tool, 403, refused.body);
    },
  );

  const byId = toolNames.filter((n) => 'id' in (tools[n].inputJsonSchema.properties as object));
  it.each(byId.map((n) => [n]))('%s: an unknown id → 404 as documented', async (tool) => {
    const [example] = tools[tool as ToolName].examples;
    const input = withIds({ input: example!.input, ids });
    const res = await server.call(tool, {
      ...input,
      id: `${String((input as { id?: string }).id).split('_')[0]}_0000000000`,
    });
    expect(res.status).toBe(404);
    check(tool, 404, res.body);
  });

  const updates = toolNames.filter((n) => n.startsWith('update'));
  it.each(updates.map((n) => [n]))('%s: a stale expected_updated_at → 409 as documented', async (tool) => {
    const [example] = tools[tool as ToolName].examples;
    const input = {
      ...withIds({ input: example!.input, ids }),
      expected_updated_at: '2001-01-01T00:00:00.000Z',
    };
    const res = await server.call(tool, input);
    expect(res.status).toBe(409);
    check(tool, 409, res.body);
  });
});
