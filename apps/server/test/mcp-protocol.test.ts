import { toolNames, tools } from '@comply/schemas';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { connectMcp, postMcp } from './mcp-client.js';

describe.each(DRIVERS)('MCP protocol over Streamable HTTP (%s)', (driver) => {
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    client = await connectMcp({ server });
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('initializes statelessly and tells the model how to begin', () => {
    expect(client.getServerVersion()?.name).toBe('comply');
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/listOrganizations/);
  });

  it('lists every tool with schemas, titles and honest annotations (MCP defaults left out)', async () => {
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual([...toolNames].sort());
    expect(listed).toHaveLength(toolNames.length);
    for (const tool of listed) {
      const spec = tools[tool.name as keyof typeof tools];
      expect(tool.title).toBe(spec.title);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      const hints = tool.annotations ?? {};
      expect(hints.readOnlyHint ?? false).toBe(spec.access === 'read');
      expect(hints.openWorldHint).toBe(false);
      if (spec.access === 'write') expect(hints.destructiveHint).toBe(false);
      if (spec.access === 'write')
        expect(hints.idempotentHint ?? false).toBe(spec.annotations.idempotentHint);
    }
  });

  it('names the top-level fields of lists and reports only, with nested input types inline', async () => {
    const { tools: listed } = await client.listTools();
    const byName = new Map(listed.map((t) => [t.name, t]));
    expect(byName.get('listRisks')?.outputSchema).toEqual({
      type: 'object',
      required: ['risks', 'next_cursor', 'total_count'],
    });
    expect(byName.get('getComplianceReport')?.outputSchema?.required).toContain('risks');
    expect(byName.get('getRisk')?.outputSchema).toEqual({ type: 'object' });
    expect(byName.get('getRisk')?.description).toContain('listRisks');
    const addMeasure = byName.get('addMeasure')?.inputSchema as unknown as {
      properties: { evidence: { items: { properties: Record<string, unknown>; required: string[] } } };
    };
    expect(Object.keys(addMeasure.properties.evidence.items.properties)).toContain('title');
    expect(addMeasure.properties.evidence.items.required).toEqual(['title']);
    expect(JSON.stringify(listed.map((t) => t.inputSchema))).not.toContain('"$ref"');
  });

  it('reports health with a valid token: status, version, database and tool count', async () => {
    const response = await fetch(`${server.url}/api/mcp/v1/health`, {
      headers: { authorization: `Bearer ${server.owner.token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      version: client.getServerVersion()?.version,
      database: { driver, reachable: true },
      tools: toolNames.length,
    });
  });

  it('answers ping', async () => {
    await expect(client.ping()).resolves.toEqual({});
  });

  it('rejects an unknown tool with a JSON-RPC error, not a tool result', async () => {
    await expect(client.callTool({ name: 'dropEverything', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('reports invalid input as an isError result naming the field', async () => {
    const result = await client.callTool({
      name: 'listRisks',
      arguments: { organization_id: server.owner.organizationId, page_size: 1000 },
    });
    expect(result.isError).toBe(true);
    const body = JSON.parse((result.content as { text: string }[])[0]!.text);
    expect(body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'page_size' });
  });

  it('refuses GET and DELETE on the MCP endpoint with 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${server.url}/api/mcp/v1`, {
        method,
        headers: { authorization: `Bearer ${server.owner.token}`, accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
    }
  });

  it('answers notifications with 202 and no body', async () => {
    const response = await postMcp({
      url: server.url,
      token: server.owner.token,
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
    });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(response.headers.get('mcp-session-id')).toBeNull();
  });
});
