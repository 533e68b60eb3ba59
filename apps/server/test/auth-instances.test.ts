import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from './instances.js';

// Two servers on one PostgreSQL schema: authentication is cached per instance, and a revocation
// through one must be refused by the other on its next request (issue 7), not after a TTL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('authentication across two instances', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({ count: 2 });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('refuses on the second instance a token revoked through the first', async () => {
    const [one, two] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const owner = await cluster.addOwner();
    const call = { tool: 'listOrganizations', token: owner.token };
    expect((await one.call(call)).status).toBe(200);
    expect((await two.call(call)).status).toBe(200);
    expect((await two.call(call)).status).toBe(200); // now served from two's cache
    await one.storage.tokens.revoke({ tokenId: owner.tokenId });
    // The NOTIFY reaches two's listener within milliseconds; poll well below the 1 s TTL.
    const deadline = Date.now() + 300;
    let status = (await two.call(call)).status;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await two.call(call)).status;
    }
    expect(status).toBe(401);
    expect((await one.call(call)).status).toBe(401);
  });

  it('shows a new membership made through one instance on the other', async () => {
    const [one, two] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const owner = await cluster.addOwner();
    const other = await cluster.addOwner();
    const call = { tool: 'listOrganizations', token: owner.token };
    expect(((await two.call(call)).body as { total_count: number }).total_count).toBe(1);
    await one.storage.memberships.add({
      organizationId: other.organizationId,
      userId: owner.userId,
      role: 'VIEWER',
      actor: { userId: null, tokenId: null, source: 'cli', action: 'test' },
    });
    const deadline = Date.now() + 300;
    let count = 1;
    while (count === 1 && Date.now() < deadline) {
      count = ((await two.call(call)).body as { total_count: number }).total_count;
      if (count === 1) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(count).toBe(2);
  });
});
