import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../src/config.js';
import { startTestServer, type TestServer } from './harness.js';

const listOrgs = ({
  server,
  token,
  forwardedFor,
}: {
  server: TestServer;
  token: string;
  forwardedFor: string;
}) =>
  fetch(`${server.url}/api/mcp/tools/listOrganizations`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    body: '{}',
  });

async function lastUsedIp({ server, tokenId }: { server: TestServer; tokenId: string }) {
  const row = await server.storage.db
    .selectFrom('api_tokens')
    .select('last_used_ip')
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  return row.last_used_ip;
}

describe('client addresses behind a public URL and no trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      driver: 'pglite',
      config: { publicUrl: 'https://comply.example.test', unauthenticatedRateLimitPerMinute: 2 },
    });
  });
  afterAll(() => server?.stop());

  it('records the connecting address as last used, not a forged one', async () => {
    const member = await server.addMember();
    expect((await listOrgs({ server, token: member.token, forwardedFor: '198.51.100.66' })).status).toBe(200);
    await expect.poll(() => lastUsedIp({ server, tokenId: member.tokenId })).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For, so a client cannot pick a new address per refused attempt', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await listOrgs({ server, token: `comply_pat_wrong${i}`, forwardedFor: `203.0.113.${i}` });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe('client addresses behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      driver: 'pglite',
      config: { trustedProxies: ['127.0.0.1', '10.0.0.0/8'] },
    });
  });
  afterAll(() => server?.stop());

  it('takes the right-most address no trusted proxy vouches for', async () => {
    const member = await server.addMember();
    const chain = '192.0.2.1, 198.51.100.7, 10.1.2.3';
    expect((await listOrgs({ server, token: member.token, forwardedFor: chain })).status).toBe(200);
    await expect.poll(() => lastUsedIp({ server, tokenId: member.tokenId })).toBe('198.51.100.7');
  });
});

describe('COMPLY_TRUSTED_PROXIES', () => {
  it('accepts addresses and CIDRs of both families, and nothing else', () => {
    expect(parseTrustedProxies(' 10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    expect(parseTrustedProxies(undefined)).toEqual([]);
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', '*']) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(/COMPLY_TRUSTED_PROXIES/);
    }
  });
});
