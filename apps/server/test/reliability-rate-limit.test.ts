import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTokenBuckets } from '../src/http/token-bucket.js';
import { listPrompts } from '../src/mcp/prompts/get-prompt.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { postMcp } from './mcp-client.js';

const PER_TOKEN = 20;
const REFUSED_PER_ADDRESS = 5;

interface RpcReply {
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: { code?: string; limit_bytes?: number } };
}

describe.each(DRIVERS)('rate limits on the MCP paths (%s)', (driver) => {
  let server: TestServer;
  const post = ({ path, token, body }: { path: string; token: string; body: unknown }) =>
    postMcp({ url: server.url, path, token, body });
  const listOrgs = (token: string) => post({ path: '/api/mcp/tools/listOrganizations', token, body: {} });
  const mcpList = (token: string) =>
    post({ path: '/api/mcp/v1', token, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });

  async function expectLimited(reply: Response) {
    expect(reply.status).toBe(429);
    const seconds = Number(reply.headers.get('retry-after'));
    expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60).toBe(true);
    expect((await reply.json()) as unknown).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  }

  beforeAll(async () => {
    server = await startTestServer({
      driver,
      config: { rateLimitPerMinute: PER_TOKEN, unauthenticatedRateLimitPerMinute: REFUSED_PER_ADDRESS },
    });
  });
  afterAll(() => server?.stop());

  it('answers 429 with Retry-After once a token spent its minute, on REST and MCP alike', async () => {
    const { token } = await server.addMember();
    const replies = await Promise.all(Array.from({ length: PER_TOKEN }, () => listOrgs(token)));
    expect(replies.map((r) => r.status)).toEqual(Array(PER_TOKEN).fill(200));
    await expectLimited(await listOrgs(token));
    await expectLimited(await mcpList(token));
  });

  it('keeps each token’s budget apart', async () => {
    const spent = await server.addMember();
    await Promise.all(Array.from({ length: PER_TOKEN }, () => listOrgs(spent.token)));
    await expectLimited(await listOrgs(spent.token));
    const other = await server.createToken({ userId: spent.userId });
    expect((await listOrgs(other.token)).status).toBe(200);
    expect((await mcpList(server.owner.token)).status).toBe(200);
  });

  // Issue 24, item 4: only tools/call drew on the budget; a batch of 100 reads cost one unit.
  it.each([
    ['resources/read', () => ({ uri: 'comply://library' })],
    ['prompts/get', () => ({ name: listPrompts().prompts[0]!.name, arguments: {} })],
    [
      'completion/complete',
      () => ({
        ref: { type: 'ref/prompt', name: listPrompts().prompts[0]!.name },
        argument: { name: 'organization_id', value: '' },
      }),
    ],
    ['ping', () => undefined],
  ])(
    'charges every %s of a batch to the token and refuses the ones over its minute',
    async (method, params) => {
      const { token } = await server.addMember();
      const batch = Array.from({ length: 3 * PER_TOKEN }, (_, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method,
        ...(params() !== undefined && { params: params() }),
      }));
      const reply = await post({ path: '/api/mcp/v1', token, body: batch });
      expect(reply.status).toBe(200);
      const replies = (await reply.json()) as RpcReply[];
      expect(replies).toHaveLength(3 * PER_TOKEN);
      const limited = replies.filter((r) => r.error?.data?.code === 'RATE_LIMITED');
      expect(limited).toHaveLength(2 * PER_TOKEN);
      expect(limited.map((r) => r.id)).toEqual(
        Array.from({ length: 2 * PER_TOKEN }, (_, i) => PER_TOKEN + i + 1),
      );
      for (const r of limited) {
        expect(r.error?.code).toBe(-32000);
        expect(r.error?.message).toMatch(/^Rate limited: .*retry after \d+ seconds?/i);
      }
      await expectLimited(await listOrgs(token));
    },
  );

  it('charges an OSCAL import more than one call', async () => {
    const member = await server.addMember();
    const imported = await post({
      path: `/api/oscal/import?organization_id=${member.organizationId}`,
      token: member.token,
      body: { catalog: { uuid: 'not-a-catalog' } },
    });
    expect(imported.status).not.toBe(429);
    // An import costs 10 calls (at most a whole minute's): 10 of the 20 are left, not 19.
    const replies = [];
    for (let i = 0; i < PER_TOKEN - 1; i++) replies.push((await listOrgs(member.token)).status);
    expect(replies.filter((status) => status === 200)).toHaveLength(PER_TOKEN - 10);
  });

  it('limits refused credentials per address, before authentication', async () => {
    for (let i = 0; i < REFUSED_PER_ADDRESS; i++) {
      expect((await listOrgs(`comply_pat_wrong${i}`)).status).toBe(401);
    }
    await expectLimited(await listOrgs('comply_pat_wrong-again'));
    await expectLimited(await mcpList('comply_pat_wrong-again'));
  });
});

describe('token buckets', () => {
  it('refill continuously and say how long to wait', () => {
    let now = 0;
    const buckets = createTokenBuckets({ perMinute: 20, now: () => now });
    for (let i = 0; i < 20; i++) expect(buckets.take('t')).toBe(0);
    expect(buckets.take('t')).toBe(3);
    now += 2_999;
    expect(buckets.wait('t')).toBe(1);
    now += 1;
    expect(buckets.take('t')).toBe(0);
    expect(buckets.take('other')).toBe(0);
  });

  it('are configured from the environment, generous by default', () => {
    expect(loadConfig({}).rateLimitPerMinute).toBe(600);
    expect(loadConfig({}).unauthenticatedRateLimitPerMinute).toBe(60);
    const set = loadConfig({
      COMPLY_RATE_LIMIT_PER_MINUTE: '5',
      COMPLY_UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: '0',
    });
    expect([set.rateLimitPerMinute, set.unauthenticatedRateLimitPerMinute]).toEqual([5, 0]);
  });
});
