import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { connectMcp, postMcp } from './mcp-client.js';

const PER_TOKEN = 10;

interface RpcReply {
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

describe('JSON-RPC batches, cancellations and malformed calls on the MCP endpoint', () => {
  let server: TestServer;

  const rpc = async ({ token, body }: { token: string; body: unknown }) => {
    const reply = await postMcp({
      url: server.url,
      token,
      body,
      // A hang is the failure under test: give up long before vitest's own timeout.
      signal: AbortSignal.timeout(10_000),
    });
    return { status: reply.status, body: (await reply.json()) as RpcReply | RpcReply[] };
  };
  const toolCall = (id: number, name = 'listOrganizations', args: unknown = {}) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });

  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite', config: { rateLimitPerMinute: PER_TOKEN } });
  });
  afterAll(() => server?.stop());

  it('counts every tools/call of a batch against the token’s rate limit and refuses the calls over it', async () => {
    const { token } = await server.addMember();
    const batch = Array.from({ length: 3 * PER_TOKEN }, (_, i) => toolCall(i + 1));
    const { status, body } = await rpc({ token, body: batch });
    expect(status).toBe(200);
    const replies = body as RpcReply[];
    expect(replies).toHaveLength(3 * PER_TOKEN);
    const answered = replies.filter((r) => r.result !== undefined);
    const refused = replies.filter((r) => r.error !== undefined);
    expect(answered).toHaveLength(PER_TOKEN);
    expect(refused).toHaveLength(2 * PER_TOKEN);
    expect(answered.map((r) => r.id)).toEqual(Array.from({ length: PER_TOKEN }, (_, i) => i + 1));
    for (const r of refused) {
      expect(r.error?.code).toBe(-32000);
      expect(r.error?.message).toMatch(/^Rate limited: .*retry after \d+ seconds?/i);
      expect(r.error?.data).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // The budget is spent: the next request is refused outright.
    const next = await server.call('listOrganizations', {}, { token });
    expect(next.status).toBe(429);
  });

  it('answers a ping sent with 99 cancellations naming guessable ids, and everyone else’s requests', async () => {
    const attacker = await server.addMember();
    const others = await Promise.all(Array.from({ length: 4 }, () => server.addMember()));
    const cancels = Array.from({ length: 99 }, (_, i) => ({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: `mx-${i + 1}`, reason: 'guessing' },
    }));
    const pings = others.flatMap(({ token }) =>
      Array.from({ length: 10 }, (_, i) => rpc({ token, body: { jsonrpc: '2.0', id: i, method: 'ping' } })),
    );
    const attack = rpc({
      token: attacker.token,
      body: [{ jsonrpc: '2.0', id: 1, method: 'ping' }, ...cancels],
    });
    const [own, ...theirs] = await Promise.all([attack, ...pings]);
    expect(own.body).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    for (const reply of theirs) expect((reply.body as RpcReply).result).toEqual({});
  });

  it('lets a caller cancel only its own request, and always answers the request', async () => {
    const { token } = await server.addMember();
    const { status, body } = await rpc({
      token,
      body: [
        { jsonrpc: '2.0', id: 'p', method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'p' } },
      ],
    });
    expect(status).toBe(200);
    const [reply] = body as RpcReply[];
    expect(reply?.id).toBe('p');
    expect(reply?.result ?? reply?.error).toBeDefined();
  });

  it.each([
    ['a string', 'not an object', 'params.arguments'],
    ['an array', [1, 2], 'params.arguments'],
  ])(
    'answers tools/call arguments that are %s with a clean -32602 naming the field',
    async (_, args, field) => {
      const { body } = await rpc({ token: server.owner.token, body: toolCall(5, 'listRisks', args) });
      const reply = body as RpcReply;
      expect(reply.error?.code).toBe(-32602);
      expect(reply.error?.message).toContain(field);
      expect(reply.error?.message).not.toMatch(/MCP error|"code"|invalid_type|\[/);
      expect(reply.error?.data).toMatchObject({ field });
    },
  );

  it('answers a tools/call without a tool name with a clean -32602 naming params.name', async () => {
    const { body } = await rpc({
      token: server.owner.token,
      body: { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 42 } },
    });
    const reply = body as RpcReply;
    expect(reply.error?.code).toBe(-32602);
    expect(reply.error?.message).toContain('params.name');
    expect(reply.error?.message).not.toMatch(/MCP error|invalid_type/);
  });

  it('sends error messages without the SDK’s prefix, so clients show it once', async () => {
    const client = await connectMcp({ server });
    try {
      const failure = await client.callTool({ name: 'noSuchTool', arguments: {} }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(McpError);
      const message = (failure as McpError).message;
      expect(message).toMatch(/^MCP error -32602: Unknown tool `noSuchTool`/);
      expect(message.match(/MCP error/g)).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});

// Issue 24, item 4: a batch of 100 resources/read returned 83 MB of exports in one reply.
describe('the size of a batch’s replies', () => {
  // A few library reads (each about 6 KB of JSON) fit; the other reads of the 40 do not.
  const LIMIT = 20_000;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite', config: { batchReplyLimit: LIMIT } });
  });
  afterAll(() => server?.stop());

  it('fills at most the limit and refuses the replies beyond it with -32003, while /livez answers', async () => {
    const batch = Array.from({ length: 40 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'resources/read',
      params: { uri: 'comply://library' },
    }));
    const started = Date.now();
    const [reply, live] = await Promise.all([
      postMcp({ url: server.url, token: server.owner.token, body: batch }),
      fetch(`${server.url}/livez`).then((r) => ({ status: r.status, ms: Date.now() - started })),
    ]);
    expect(live.status).toBe(200);
    expect(live.ms).toBeLessThan(5_000);
    const text = await reply.text();
    const replies = JSON.parse(text) as RpcReply[];
    expect(replies.map((r) => r.id)).toEqual(batch.map((m) => m.id));
    const read = replies.filter((r) => r.result !== undefined);
    const refused = replies.filter((r) => r.error !== undefined);
    expect(read.length).toBeGreaterThan(1);
    expect(refused.length).toBeGreaterThan(0);
    expect(read.map((r) => JSON.stringify(r).length).reduce((a, b) => a + b)).toBeLessThanOrEqual(LIMIT);
    for (const r of refused) {
      expect(r.error?.code).toBe(-32003);
      expect(r.error?.message).toContain(`${LIMIT} bytes`);
      expect(r.error?.data).toMatchObject({ code: 'REPLY_TOO_LARGE', limit_bytes: LIMIT });
    }
    // Each refused reply is small: the whole body stays near the limit.
    expect(text.length).toBeLessThan(LIMIT + refused.length * 300);
  });
});
