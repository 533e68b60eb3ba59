import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTokenBuckets } from '../src/http/token-bucket.js';
import { startTestServer, type TestServer } from './harness.js';

const PER_TOKEN = 20;
const REFUSED_PER_ADDRESS = 5;

describe('rate limits on the MCP paths', () => {
  let server: TestServer;
  const post = ({ path, token, body }: { path: string; token: string; body: unknown }) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(body),
    });
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
      driver: 'pglite',
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
