import { seedDemo } from '@comply/storage';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinct, exampleIds, exampleRows, withIds } from './examples.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { callOk, connectMcp } from './mcp-client.js';

// Fields a write sets anew on every call; everything else must match between the transports.
const VOLATILE = new Set([
  'id',
  'created_at',
  'updated_at',
  'reference',
  'closed_at',
  'collected_at',
  'generated_at',
]);

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !VOLATILE.has(key))
        .map(([key, v]) => [key, stable(v)]),
    );
  }
  return value;
}

describe.each(DRIVERS)('MCP tools/call and the REST tool path agree on every tool (%s)', (driver) => {
  let server: TestServer;
  let client: Client;
  let ids: Map<string, string>;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    ({ organizationId } = await seedDemo({ storage: server.storage, ownerUserId: server.owner.userId }));
    client = await connectMcp({ server });
    ids = await exampleIds({ server, organizationId });
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it.each(exampleRows())('%s: %s', async (tool, _title, example) => {
    const input = withIds({ input: example, ids });
    const viaMcp = await callOk({ client, name: tool, args: distinct({ input, run: 'mcp' }) });
    const rest = await server.call(tool, distinct({ input, run: 'rest' }));
    expect(rest.status).toBe(200);
    const strip = (v: unknown) => JSON.parse(JSON.stringify(stable(v)).replaceAll(/ (mcp|rest)\b/g, ' RUN'));
    expect(strip(rest.body)).toEqual(strip(viaMcp));
  });

  it('agree on errors too: same code, message and field', async () => {
    const input = { organization_id: organizationId, status: ['SOMETIMES'] };
    const result = await client.callTool({ name: 'listRisks', arguments: input });
    expect(result.isError).toBe(true);
    const mcpError = JSON.parse((result.content as { text: string }[])[0]!.text);
    const rest = await server.call('listRisks', input);
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual(mcpError);
    expect(rest.body.error.field).toBe('status.0');
  });
});
