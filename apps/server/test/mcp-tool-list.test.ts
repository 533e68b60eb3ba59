import { createHash } from 'node:crypto';
import { mcpTools, toolNames, tools } from '@comply/schemas';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSelfAttestation } from '../src/core/self-attestation.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { connectMcp, expectReadOnlyTools, postMcp, UI_CAPABILITIES } from './mcp-client.js';
import { minimalInput } from './reliability/minimal-input.js';
import { seedTenant, type Tenant } from './reliability/tenants.js';

/**
 * The bound on tools/list, in bytes of JSON: 1.3 KB per tool on average, the tools counted from the
 * registry, so a new tool brings its share and no more. The size of today's tools is measured in
 * docs/server.md (What tools/list shows).
 */
const MAX_BYTES_PER_TOOL = 1.3 * 1024;
const MAX_TOOLS_LIST_BYTES = Math.floor(MAX_BYTES_PER_TOOL * toolNames.length);
/** Room the current tools must leave under it. */
const HEADROOM_BYTES = 500;

/** Every keyword used anywhere in a schema (property names are data, not keywords). */
function keywords(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(keywords);
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === 'properties' || key === '$defs'
      ? Object.values(value as object).flatMap(keywords)
      : [key, ...keywords(value)],
  );
}

const writeTools = toolNames.filter((n) => tools[n].access === 'write');

describe.each(DRIVERS)('tools/list: lean, per token, by toolset, with icons (%s)', (driver) => {
  let server: TestServer;
  let client: Client;
  const clients: Client[] = [];
  const connect = async (args: Omit<Parameters<typeof connectMcp>[0], 'server'> = {}) => {
    const connected = await connectMcp({ server, ...args });
    clients.push(connected);
    return connected;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    client = await connect();
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await server?.stop();
  });

  it(`is at most ${MAX_BYTES_PER_TOOL} bytes per tool on average (${MAX_TOOLS_LIST_BYTES} in all), with room for more`, async () => {
    const result = await client.listTools();
    expect(result.tools).toHaveLength(toolNames.length);
    const bytes = Buffer.byteLength(JSON.stringify(result));
    expect(bytes).toBeLessThanOrEqual(MAX_TOOLS_LIST_BYTES - HEADROOM_BYTES);
  });

  it('stays within the same bound for a client that announces MCP Apps (views in _meta.ui)', async () => {
    const ui = await connect({ capabilities: UI_CAPABILITIES });
    const plain = Buffer.byteLength(JSON.stringify(await client.listTools()));
    const result = await ui.listTools();
    const bytes = Buffer.byteLength(JSON.stringify(result));
    expect(result.tools.filter((t) => t._meta?.ui).length).toBe(4);
    expect(bytes).toBeLessThanOrEqual(MAX_TOOLS_LIST_BYTES - HEADROOM_BYTES);
    console.log(`tools/list: ${plain} bytes; ${bytes} for a client announcing MCP Apps`);
  });

  it('keeps the description of every input property and a title, icon and object outputSchema on every tool', async () => {
    const { tools: listed } = await client.listTools();
    for (const tool of listed) {
      const spec = tools[tool.name as keyof typeof tools];
      expect(tool.title).toBe(spec.title);
      expect(tool.icons?.[0]?.src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/icons\/[a-z_]+\.svg$/);
      expect(tool.outputSchema?.type).toBe('object');
      const full = spec.inputJsonSchema as unknown as { properties: Record<string, { description: string }> };
      const lean = tool.inputSchema.properties as Record<string, { description?: string }>;
      expect(Object.keys(lean)).toEqual(Object.keys(full.properties));
      for (const [name, property] of Object.entries(full.properties)) {
        expect(lean[name]?.description, `${tool.name}.${name}`).toBe(property.description);
      }
      // No prose inside output schemas; references stay inside the schema.
      expect(keywords(tool.outputSchema)).not.toContain('description');
      for (const ref of JSON.stringify(tool.outputSchema).match(/"\$ref":"[^"]*"/g) ?? []) {
        expect(ref).toMatch(/^"\$ref":"#\/\$defs\/\w+"$/);
      }
    }
  });

  it('serves each icon as SVG without a token', async () => {
    const { tools: listed } = await client.listTools();
    const sources = new Set(listed.map((t) => t.icons?.[0]?.src ?? ''));
    for (const src of sources) {
      const reply = await fetch(src);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await reply.text()).toMatch(/^<svg /);
    }
    expect(client.getServerVersion()?.icons?.[0]?.src).toMatch(/^data:image\/svg\+xml;base64,/);
    // Toolsets are register plurals, snake_case: one without an icon of its own gets the plain one.
    expect((await fetch(`${server.url}/icons/some_register.svg`)).status).toBe(200);
    for (const bad of ['_x.svg', 'Risks.svg', 'risks.png']) {
      expect((await fetch(`${server.url}/icons/${bad}`)).status, bad).toBe(404);
    }
  });

  it('shows a read-only token no add or update tools, and still refuses one it calls', async () => {
    const readOnly = await server.createToken({ userId: server.owner.userId, scope: 'READ' });
    const reader = await connect({ token: readOnly.token });
    await expectReadOnlyTools({ client: reader, organizationId: server.owner.organizationId });
  });

  it('shows a member who only reads (VIEWER) no write tool but the self-attestations; an AUDITOR none', async () => {
    const organizationId = server.owner.organizationId;
    const viewer = await server.addMember({ organizationId, role: 'VIEWER' });
    const { tools: listed } = await (await connect({ token: viewer.token })).listTools();
    const writes = (names: string[]) =>
      names.filter((n) => writeTools.includes(n as (typeof writeTools)[number]));
    const attestations = writeTools.filter(isSelfAttestation);
    expect(attestations).toContain('acknowledgeDocument');
    expect(writes(listed.map((t) => t.name)).sort()).toEqual([...attestations].sort());
    const auditor = await server.addMember({ organizationId, role: 'AUDITOR' });
    const { tools: audited } = await (await connect({ token: auditor.token })).listTools();
    expect(writes(audited.map((t) => t.name))).toEqual([]);
  });

  it('narrows the list to ?toolsets=risks,vendors and refuses unknown toolsets naming the allowed ones', async () => {
    const narrowed = await connect({ query: '?toolsets=risks,vendors' });
    const { tools: listed } = await narrowed.listTools();
    const expected = mcpTools.filter((e) => e.toolset === 'risks' || e.toolset === 'vendors');
    expect(listed.map((t) => t.name).sort()).toEqual(expected.map((e) => e.tool.name).sort());
    const reply = await postMcp({
      url: server.url,
      path: '/api/mcp/v1?toolsets=risks,spaceships',
      token: server.owner.token,
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(reply.status).toBe(400);
    const body = (await reply.json()) as { error: { message: string } };
    expect(body.error.message).toContain('toolsets');
    expect(body.error.message).toContain('spaceships');
    // Every allowed toolset is named, in order (other toolsets may sort between these two).
    expect(body.error.message).toMatch(/risks, (\w+, )*vendors/);
  });

  describe('every tool’s structuredContent fits its listed outputSchema', () => {
    let tenant: Tenant;
    let member: Client;
    // Tools that act on a record in a given state: a policy published (v1) with v2 in review.
    const stateful = new Map<string, Record<string, unknown>>();
    beforeAll(async () => {
      tenant = await seedTenant({ server, tag: 'lean' });
      member = await connect({ token: tenant.member.token });
      // The SDK client validates structuredContent against the listed outputSchema on every call.
      await member.listTools();
      const as = { token: tenant.member.token };
      const organization_id = tenant.member.organizationId;
      const doc = await server.call(
        'addDocument',
        {
          organization_id,
          title: 'Lean policy',
          kind: 'POLICY',
          approvers: [tenant.member.email],
          content: 'v1',
        },
        as,
      );
      const document_id = doc.body.id as string;
      const hash = (text: string) => createHash('sha256').update(text).digest('hex');
      await server.call('updateDocument', { id: document_id, status: 'IN_REVIEW' }, as);
      await server.call(
        'approveDocumentVersion',
        { organization_id, document_id, version: 1, content_hash: hash('v1') },
        as,
      );
      await server.call('updateDocument', { id: document_id, status: 'PUBLISHED' }, as);
      await server.call(
        'addDocumentVersion',
        { organization_id, document_id, content: 'v2', submit: true },
        as,
      );
      stateful.set('acknowledgeDocument', { document_id });
      stateful.set('approveDocumentVersion', { document_id, version: 2, content_hash: hash('v2') });
    });

    it.each([...toolNames])('%s', async (name) => {
      const input = {
        ...minimalInput({ tool: name, label: `${name} lean`, ids: (k) => tenant.ids.get(k)?.[0] }),
        ...stateful.get(name),
      };
      const args = tools[name].organizationScoped
        ? { organization_id: tenant.member.organizationId, ...input }
        : input;
      const result = await member.callTool({ name, arguments: args });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(result.structuredContent).toBeDefined();
    });
  });
});
