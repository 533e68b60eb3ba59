import { mcpTools, tools } from '@comply/schemas';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPrompts } from '../src/mcp/prompts/get-prompt.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { expectReadOnlyTools, postMcp } from './mcp-client.js';
import { connectMcpV2, type Negotiation } from './mcp-client-v2.js';

const NEGOTIATIONS: Negotiation[] = ['pinned', 'auto'];

/** The structured output of a tool call through the v2 client, failing on an error result. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of tool outputs
async function callOk(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  expect(JSON.parse(text)).toEqual(result.structuredContent);
  return result.structuredContent;
}

describe.each(DRIVERS)('MCP 2026-07-28 with the v2 SDK client (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe.each(NEGOTIATIONS)('negotiation %s', (negotiation) => {
    let client: Client;
    beforeAll(async () => {
      client = await connectMcpV2({ server, negotiation });
    });
    afterAll(async () => {
      await client?.close();
    });

    it('discovers the server in the modern era: version, capabilities, instructions, icon', () => {
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const discovered = client.getDiscoverResult();
      expect(discovered?.supportedVersions).toContain('2026-07-28');
      expect(client.getServerVersion()).toMatchObject({ name: 'comply', title: 'Comply' });
      expect(client.getServerVersion()?.icons?.[0]?.src).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      expect(client.getServerCapabilities()?.resources).toBeDefined();
      expect(client.getInstructions()).toMatch(/listOrganizations/);
    });

    it('lists every tool, in the registry’s order, with titles, schemas and icons', async () => {
      const { tools: listed } = await client.listTools();
      expect(listed.map((t) => t.name)).toEqual(mcpTools.map((e) => e.tool.name));
      for (const tool of listed) {
        expect(tool.title).toBe(tools[tool.name as keyof typeof tools].title);
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.icons?.[0]?.src).toMatch(new RegExp(`^${server.url}/icons/[a-z_]+\\.svg$`));
      }
    });

    it('calls tools through the tool core: the same records as REST, errors as tool results', async () => {
      const org = server.owner.organizationId;
      const added = await callOk(client, 'addRisk', {
        organization_id: org,
        name: `modern ${negotiation}`,
        inherent_likelihood: 4,
        inherent_impact: 5,
      });
      const rest = await server.call('getRisk', { organization_id: org, id: added.id });
      expect(await callOk(client, 'getRisk', { organization_id: org, id: added.id })).toEqual(rest.body);
      const listed = await callOk(client, 'listRisks', {
        organization_id: org,
        query: `modern ${negotiation}`,
      });
      expect(listed.risks.map((r: { id: string }) => r.id)).toEqual([added.id]);
      const bad = await client.callTool({ name: 'getRisk', arguments: { organization_id: org, id: 'nope' } });
      expect(bad.isError).toBe(true);
      expect(JSON.parse((bad.content as { text: string }[])[0]!.text).error.code).toMatch(
        /INVALID_INPUT|NOT_FOUND/,
      );
    });

    it('answers an unknown tool with -32602 naming params.name', async () => {
      await expect(client.callTool({ name: 'dropEverything', arguments: {} })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/Unknown tool `dropEverything`/),
      });
    });

    it('reads resources, and answers an unknown one with -32602 (the 2026-07-28 code)', async () => {
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual(['comply://library']);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
        'comply://organizations/{organization_id}/oscal/{model}',
      ]);
      const library = await client.readResource({ uri: 'comply://library' });
      const content = library.contents[0] as { text: string };
      expect(JSON.parse(content.text).entries.map((e: { key: string }) => e.key)).toContain('iso-27001-2022');
      // Another organization's document does not exist for this caller: -32602, where 2025 says -32002.
      const stranger = await server.addMember();
      const framework = (
        await server.call(
          'addFramework',
          { organization_id: stranger.organizationId, library_key: 'iso-27001-2022' },
          { token: stranger.token },
        )
      ).body.id;
      await expect(
        client.readResource({
          uri: `comply://organizations/${stranger.organizationId}/oscal/catalog?framework_id=${framework}`,
        }),
      ).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/not found/i) });
    });

    it('shows a read-only token no add or update tools, and still refuses one it calls', async () => {
      const readOnly = await server.createToken({ userId: server.owner.userId, scope: 'READ' });
      const reader = await connectMcpV2({ server, negotiation, token: readOnly.token });
      try {
        await expectReadOnlyTools({ client: reader, organizationId: server.owner.organizationId });
      } finally {
        await reader.close();
      }
    });

    it('offers the workflow prompts and completes their arguments, as in the 2025 era', async () => {
      expect(client.getServerCapabilities()?.prompts).toBeDefined();
      expect(client.getServerCapabilities()?.completions).toBeDefined();
      const { prompts } = await client.listPrompts();
      expect(prompts).toEqual(listPrompts().prompts);
      const org = server.owner.organizationId;
      const prompt = await client.getPrompt({ name: 'riskAssessment', arguments: { organization_id: org } });
      const text = String((prompt.messages[0]?.content as { text?: string } | undefined)?.text);
      expect(text).toContain('listRisks');
      expect(text).toContain(org);
      const completed = await client.complete({
        ref: { type: 'ref/prompt', name: 'riskAssessment' },
        argument: { name: 'organization_id', value: '' },
      });
      expect(completed.completion.values).toEqual([org]);
      await expect(
        client.getPrompt({ name: 'budgetPlanning', arguments: { organization_id: org } }),
      ).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/Unknown prompt `budgetPlanning`/),
      });
    });

    it('narrows tools/list to ?toolsets=', async () => {
      const narrowed = await connectMcpV2({ server, negotiation, query: '?toolsets=risks,vendors' });
      try {
        const { tools: listed } = await narrowed.listTools();
        const expected = mcpTools.filter((e) => e.toolset === 'risks' || e.toolset === 'vendors');
        expect(listed.map((t) => t.name)).toEqual(expected.map((e) => e.tool.name));
      } finally {
        await narrowed.close();
      }
    });
  });

  describe('on the wire', () => {
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const post = ({
      method,
      params = {},
      headers = {},
      meta = envelope,
    }: {
      method: string;
      params?: Record<string, unknown>;
      headers?: Record<string, string>;
      meta?: Record<string, unknown>;
    }) =>
      postMcp({
        url: server.url,
        token: server.owner.token,
        headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...headers },
        body: { jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: meta } },
      });

    it('answers server/discover with the modern version, resultType and a private cache hint', async () => {
      const reply = await post({ method: 'server/discover' });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('mcp-session-id')).toBeNull();
      const { result } = (await reply.json()) as { result: Record<string, unknown> };
      expect(result).toMatchObject({
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        cacheScope: 'private',
        ttlMs: 3_600_000,
      });
    });

    it('marks list results cacheable by the caller only, and tool results complete', async () => {
      const list = (await (await post({ method: 'tools/list' })).json()) as {
        result: Record<string, unknown>;
      };
      expect(list.result).toMatchObject({ resultType: 'complete', cacheScope: 'private', ttlMs: 300_000 });
      const call = await post({
        method: 'tools/call',
        params: { name: 'listOrganizations', arguments: {} },
        headers: { 'mcp-name': 'listOrganizations' },
      });
      const body = (await call.json()) as { result: { resultType: string; structuredContent: unknown } };
      expect(body.result.resultType).toBe('complete');
      expect(body.result.structuredContent).toMatchObject({ organizations: expect.any(Array) });
    });

    it('refuses an Mcp-Method header that does not match the body', async () => {
      const reply = await post({ method: 'tools/list', headers: { 'mcp-method': 'tools/call' } });
      const body = (await reply.json()) as { error: { code: number; message: string } };
      expect(body.error.code).toBe(-32020);
    });

    it('refuses a tools/call whose Mcp-Name header names another tool', async () => {
      const reply = await post({
        method: 'tools/call',
        params: { name: 'listOrganizations', arguments: {} },
        headers: { 'mcp-name': 'addRisk' },
      });
      const body = (await reply.json()) as { error: { code: number } };
      expect(body.error.code).toBe(-32020);
    });

    it('leaves a tools/call without Mcp-Name to the SDK, which refuses it with -32020', async () => {
      const reply = await post({
        method: 'tools/call',
        params: { name: 'listOrganizations', arguments: {} },
      });
      expect(reply.status).toBe(400);
      expect(((await reply.json()) as { error: { code: number } }).error.code).toBe(-32020);
    });

    it('answers an unsupported modern revision with -32022 naming the supported ones', async () => {
      const reply = await post({
        method: 'tools/list',
        headers: { 'mcp-protocol-version': '2099-01-01' },
        meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
      });
      const body = (await reply.json()) as { error: { code: number; data: { supported: string[] } } };
      expect(body.error.code).toBe(-32022);
      expect(JSON.stringify(body.error.data)).toContain('2026-07-28');
    });

    it('still refuses unknown ?toolsets= with 400 naming the allowed ones', async () => {
      const reply = await fetch(`${server.url}/api/mcp/v1?toolsets=spaceships`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${server.owner.token}`,
          'content-type': 'application/json',
          'mcp-protocol-version': '2026-07-28',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } }),
      });
      expect(reply.status).toBe(400);
      expect(await reply.text()).toContain('risks');
    });
  });

  it('refuses a modern client without a valid token before any MCP message is read', async () => {
    await expect(connectMcpV2({ server, negotiation: 'pinned', token: 'cmp_wrong' })).rejects.toThrow();
  });
});
