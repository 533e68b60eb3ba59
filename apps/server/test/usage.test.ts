import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { connectMcp } from './mcp-client.js';

async function usageOf({ server, tokenId }: { server: TestServer; tokenId: string }) {
  const tokens = await server.storage.tokens.listForUser({ userId: server.owner.userId });
  return tokens.find((t) => t.id === tokenId)!;
}

describe.each(DRIVERS)('token usage (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => server?.stop());

  it('records calls from both transports: count, last tools, address and client', async () => {
    const { token, tokenId } = await server.createToken({ userId: server.owner.userId });
    expect((await usageOf({ server, tokenId })).last_used_at).toBeNull();

    await server.call('listOrganizations', {}, { token });
    const client = await connectMcp({ server, token });
    await client.callTool({
      name: 'getOrganization',
      arguments: { organization_id: server.owner.organizationId },
    });
    await client.close();

    await expect
      .poll(async () => (await usageOf({ server, tokenId })).calls_24h, { timeout: 5000, interval: 50 })
      .toBe(2);
    const usage = await usageOf({ server, tokenId });
    expect(usage.recent_tools.map((r) => r.tool)).toEqual(['getOrganization', 'listOrganizations']);
    expect(usage.last_used_ip).toBe('127.0.0.1');
    expect(usage.last_used_client).toBeTruthy();
    expect(usage.last_used_at).not.toBeNull();
  });
});
