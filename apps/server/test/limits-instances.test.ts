import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, HARNESS_PASSWORD } from './console-client.js';
import { type Cluster, startCluster } from './instances.js';

// Issue 24, item 9: two servers on one PostgreSQL schema, like replicas behind a load balancer.
// Per-process limits gave an attacker N times the attempts; every instance now counts the same.
describe.skipIf(!process.env.TEST_DATABASE_URL)('limits shared by two instances', () => {
  const PER_TOKEN = 12;
  const REFUSED_PER_ADDRESS = 6;
  let cluster: Cluster;
  let one: Cluster['instances'][0];
  let two: Cluster['instances'][0];

  beforeAll(async () => {
    cluster = await startCluster({
      count: 2,
      config: {
        trustedProxies: ['127.0.0.1'],
        rateLimitPerMinute: PER_TOKEN,
        unauthenticatedRateLimitPerMinute: REFUSED_PER_ADDRESS,
      },
    });
    [one, two] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  const signIn = async ({ url, email, password }: { url: string; email: string; password: string }) =>
    (
      await consoleClient(url).request({
        method: 'POST',
        path: '/session',
        body: { email, password },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      })
    ).status;

  it('evaluates at most 5 wrong passwords per email and address across both instances', async () => {
    const { email } = await cluster.addOwner();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(await signIn({ url: [one, two][i % 2]!.url, email, password: `wrong guess ${i}` }));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // The right password is not evaluated either, on either instance.
    expect(await signIn({ url: two.url, email, password: HARNESS_PASSWORD })).toBe(429);
    expect(await signIn({ url: one.url, email, password: HARNESS_PASSWORD })).toBe(429);
  });

  it('evaluates at most 5 of 20 parallel attempts spread over both instances', async () => {
    const { email } = await cluster.addOwner();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn({ url: [one, two][i % 2]!.url, email, password: `parallel guess ${i}` }),
      ),
    );
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5);
  });

  it('remembers on one instance the address its owner signed in from on the other', async () => {
    const { email } = await cluster.addOwner();
    const from = (address: string, url: string, password: string) =>
      consoleClient(url)
        .request({
          method: 'POST',
          path: '/session',
          body: { email, password },
          headers: { 'x-forwarded-for': address },
        })
        .then((reply) => reply.status);
    expect(await from('198.51.100.7', one.url, HARNESS_PASSWORD)).toBe(200);
    for (let i = 0; i < 5; i++) expect(await from('203.0.113.77', two.url, `stranger ${i}`)).toBe(401);
    expect(await from('203.0.113.77', one.url, HARNESS_PASSWORD)).toBe(429);
    // The email is now progressive for strangers, but the owner's usual address still gets in, on either.
    expect(await from('198.51.100.7', two.url, HARNESS_PASSWORD)).toBe(200);
  });

  it('grants a token its per-minute calls once across both instances, not once per instance', async () => {
    const owner = await cluster.addOwner();
    // The shared budget is per calendar minute: start well inside one, so the test stays in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 61_000 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i < 2 * PER_TOKEN; i++) {
      statuses.push(
        (await [one, two][i % 2]!.call({ tool: 'listOrganizations', token: owner.token })).status,
      );
    }
    // Both instances together serve the minute's budget (less at most what each holds unused).
    const served = statuses.filter((status) => status === 200).length;
    expect(served).toBeLessThanOrEqual(PER_TOKEN);
    expect(served).toBeGreaterThanOrEqual(PER_TOKEN - 2);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
  }, 30_000);

  it('limits refused credentials per address across both instances', async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 61_000 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const reply = await fetch(`${[one, two][i % 2]!.url}/api/mcp/tools/listOrganizations`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer comply_pat_wrong${i}`,
          'x-forwarded-for': '198.51.100.99',
        },
        body: '{}',
      });
      statuses.push(reply.status);
      // The refusal is counted after the reply is sent: let it reach the database.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // At most the limit plus one lease per instance (docs/security.md), not the limit per instance.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(REFUSED_PER_ADDRESS + 2);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
  });
});
