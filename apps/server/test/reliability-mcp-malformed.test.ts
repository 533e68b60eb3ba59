import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { postMcp } from './mcp-client.js';

interface RpcReply {
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const MODERN = '2026-07-28';
const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** `{"a":{"a":…}}`, `depth` levels deep, written as text (JSON.stringify would overflow first). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

// Issue 24, item 6: the 2026-07-28 era answered these with 500 (a stack overflow) and -32603.
describe('malformed MCP messages get a 4xx or -32602, never a 500 or -32603', () => {
  let server: TestServer;

  const post = async ({
    body,
    modern,
    method,
    name,
  }: {
    body: string;
    modern: boolean;
    method?: string;
    name?: string;
  }) => {
    const reply = await postMcp({
      url: server.url,
      token: server.owner.token,
      headers: {
        ...(modern && { 'mcp-protocol-version': MODERN }),
        ...(modern && method && { 'mcp-method': method }),
        ...(modern && name && { 'mcp-name': name }),
      },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    return { status: reply.status, body: (await reply.json()) as RpcReply };
  };
  const modernMessage = ({ method, params }: { method: string; params: string }) =>
    `{"jsonrpc":"2.0","id":9,"method":"${method}","params":{"_meta":${JSON.stringify(envelope)},"x":${params}}}`;

  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite', config: { bodyLimit: 4 * 1024 * 1024 } });
  });
  afterAll(() => server?.stop());

  it.each(['tools/list', 'resources/list', 'tools/call'])(
    'answers %s with params nested 100,000 deep with 400 and -32602',
    async (method) => {
      const { status, body } = await post({
        body: modernMessage({ method, params: nested(100_000) }),
        modern: true,
        method,
      });
      expect(status).toBe(400);
      expect(body.error?.code).toBe(-32602);
      expect(body.error?.message).toMatch(/nests more than \d+ levels/);
      // The server is still answering.
      expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    },
  );

  it('still serves a modern request with ordinary nesting', async () => {
    const { status, body } = await post({
      body: modernMessage({ method: 'tools/list', params: nested(50) }),
      modern: true,
      method: 'tools/list',
    });
    expect(status).toBe(200);
    expect(body.result).toBeDefined();
  });

  it.each([
    ['2025', false],
    ['2026-07-28', true],
  ])('answers a resource URI with a malformed percent-escape with -32602 (%s era)', async (_, modern) => {
    const uri = `comply://organizations/${server.owner.organizationId}%zz/oscal/catalog`;
    const params = modern ? { uri, _meta: envelope } : { uri };
    const { body } = await post({
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'resources/read', params }),
      modern,
      method: 'resources/read',
      name: uri,
    });
    expect(body.error, JSON.stringify(body)).toMatchObject({ code: -32602 });
    expect(body.error?.message).toContain('percent-escape');
  });

  // Found while checking item 6 on the 2025 era: the SDK answered these -32603 with raw zod issues.
  it.each([
    [
      'prompts/get',
      { name: 'riskAssessment', arguments: { organization_id: 5 } },
      'params.arguments.organization_id',
    ],
    [
      'completion/complete',
      { ref: { type: 'ref/prompt' }, argument: { name: 'x', value: 'y' } },
      'params.ref',
    ],
    ['resources/read', { uri: 42 }, 'params.uri'],
    ['resources/list', { cursor: 7 }, 'params.cursor'],
  ])(
    'answers 2025-era %s with ill-typed params with -32602 naming the field',
    async (method, params, field) => {
      const { body } = await post({
        body: JSON.stringify({ jsonrpc: '2.0', id: 4, method, params }),
        modern: false,
      });
      expect(body.error, JSON.stringify(body)).toMatchObject({ code: -32602, data: { field } });
      expect(body.error?.message).toContain(`\`${field}`);
      expect(body.error?.message).not.toMatch(/invalid_type|"code"|\[/);
    },
  );
});
