import { createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../src/core/caller.js';
import { createToolCore } from '../src/core/tool-core.js';
import { authInfoFor } from '../src/mcp/auth-info.js';
import { createMethodTable } from '../src/mcp/methods.js';
import { modernServerFactory } from '../src/mcp/modern-server.js';
import { handlers } from '../src/tools/handlers.gen.js';
import { SERVER_VERSION } from '../src/version.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

const logger = { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const usage = { record: () => undefined, flush: async () => undefined };
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/**
 * The route answers a 2026-07-28 tools/call through the tool core directly (mcp/modern-route.ts).
 * These tests hold it to what the v2 SDK's own handler answers for the same request with the same
 * server factory, so the fast path cannot drift from the SDK.
 */
describe.each(DRIVERS)('2026-07-28 tools/call: the fast path answers as the SDK does (%s)', (driver) => {
  let server: TestServer;
  let sdk: ReturnType<typeof createMcpHandler>;
  let caller: Caller;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    const core = createToolCore({ storage: server.storage, handlers, logger, usage, validateOutput: false });
    const table = createMethodTable({ core, storage: server.storage });
    sdk = createMcpHandler(modernServerFactory({ table, version: SERVER_VERSION }), { legacy: 'reject' });
    caller = {
      userId: server.owner.userId,
      tokenId: server.owner.tokenId,
      scope: 'WRITE',
      organizations: new Map([[server.owner.organizationId, 'OWNER']]),
      source: 'mcp',
      ip: '127.0.0.1',
      client: null,
    };
  });
  afterAll(async () => {
    await sdk?.close();
    await server?.stop();
  });

  /** The same tools/call through the listening server's route and through the SDK handler. */
  async function both(
    params: { name: string; arguments?: unknown },
    { meta = ENVELOPE, id = 3 }: { meta?: Record<string, unknown>; id?: unknown } = {},
  ) {
    const init = {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.owner.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': params.name,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { ...params, _meta: meta },
      }),
    };
    const url = `${server.url}/api/mcp/v1`;
    const route = await fetch(url, init);
    const direct = await sdk.fetch(new Request(url, init), { authInfo: authInfoFor(caller) });
    return {
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of replies
      route: { status: route.status, body: (await route.json()) as any },
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of replies
      sdk: { status: direct.status, body: (await direct.json()) as any },
    };
  }

  it('a successful call: content, structuredContent, resultType and the server info in _meta', async () => {
    const { route, sdk: direct } = await both({ name: 'listOrganizations', arguments: {} });
    expect(route.body.result.resultType).toBe('complete');
    expect(route).toEqual(direct);
  });

  it('a tool error: the same isError result', async () => {
    const { route, sdk: direct } = await both({
      name: 'getRisk',
      arguments: { organization_id: server.owner.organizationId, id: 'risk_nope' },
    });
    expect(route.body.result.isError).toBe(true);
    expect(route).toEqual(direct);
  });

  it('an unknown tool: the same -32602 error naming params.name', async () => {
    const { route, sdk: direct } = await both({ name: 'dropEverything', arguments: {} });
    expect(route.body.error).toMatchObject({ code: -32602, data: { field: 'params.name' } });
    expect(route).toEqual(direct);
  });

  it('arguments that are not an object: -32602 like the SDK, but naming the field instead of raw schema issues', async () => {
    const { route, sdk: direct } = await both({ name: 'listOrganizations', arguments: [] });
    expect(direct.body.error.code).toBe(-32602);
    expect(route.body.error).toEqual({
      code: -32602,
      message: '`params.arguments`: must be an object holding the tool’s input (use {} for none).',
      data: { field: 'params.arguments' },
    });
  });

  it('requests off the plain path get the SDK’s own answers', async () => {
    const call = { name: 'listOrganizations', arguments: {} };
    const odd: Parameters<typeof both>[1][] = [
      { meta: { ...ENVELOPE, 'io.modelcontextprotocol/clientCapabilities': { roots: 5 } } },
      { meta: { ...ENVELOPE, 'io.modelcontextprotocol/clientInfo': { name: 7 } } },
      { meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      { id: 1.5 },
    ];
    for (const options of odd) {
      const { route, sdk: direct } = await both(call, options);
      expect(route.body.result?.structuredContent, JSON.stringify(options)).toBeUndefined();
      expect(route, JSON.stringify(options)).toEqual(direct);
    }
  });
});
