import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type Member, startTestServer, type TestServer } from './harness.js';
import { callOk, connectMcp, postMcp } from './mcp-client.js';

const TENANTS = 6;
const ROUNDS = 15;

// One SDK Server answers every request through one transport, and every SDK client numbers its
// requests from 0, so JSON-RPC ids collide across callers all the time: replies must still reach
// the caller that asked, with that caller's data only.
describe.each(DRIVERS)('concurrent callers with different tokens (%s)', (driver) => {
  let server: TestServer;
  const tenants: { member: Member; client: Client; riskNames: Set<string> }[] = [];

  beforeAll(async () => {
    server = await startTestServer({ driver });
    for (let t = 0; t < TENANTS; t++) {
      const member = t === 0 ? server.owner : await server.addMember();
      const riskNames = new Set<string>();
      for (let r = 0; r < 3; r++) {
        const name = `tenant ${t} risk ${r}`;
        const { status } = await server.call(
          'addRisk',
          {
            organization_id: member.organizationId,
            name,
            inherent_likelihood: 1 + (t % 5),
            inherent_impact: 1 + r,
          },
          { token: member.token },
        );
        expect(status).toBe(200);
        riskNames.add(name);
      }
      tenants.push({ member, client: await connectMcp({ server, token: member.token }), riskNames });
    }
  });
  afterAll(async () => {
    await Promise.all(tenants.map((t) => t.client.close()));
    await server?.stop();
  });

  it('never see each other’s results over MCP or REST', async () => {
    const calls = tenants.flatMap(({ member, client, riskNames }) =>
      Array.from({ length: ROUNDS }, async (_, round) => {
        const args = { organization_id: member.organizationId };
        const body =
          round % 2 === 0
            ? await callOk({ client, name: 'listRisks', args })
            : (await server.call('listRisks', args, { token: member.token })).body;
        expect(body.total_count).toBe(riskNames.size);
        for (const risk of body.risks) {
          expect(risk.organization_id).toBe(member.organizationId);
          expect(riskNames.has(risk.name)).toBe(true);
        }
        const orgs = await callOk({ client, name: 'listOrganizations', args: {} });
        expect(orgs.organizations.map((o: { id: string }) => o.id)).toEqual([member.organizationId]);
      }),
    );
    await Promise.all(calls);
  });

  it('route replies by caller even when every request carries the same JSON-RPC id', async () => {
    const post = (member: Member) =>
      postMcp({
        url: server.url,
        token: member.token,
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'listRisks', arguments: { organization_id: member.organizationId } },
        },
      }).then(
        (r) =>
          r.json() as Promise<{
            id: number;
            result: { structuredContent: { risks: { organization_id: string }[] } };
          }>,
      );
    const requests = Array.from({ length: 4 }, () =>
      tenants.map(({ member }) => ({ member, reply: post(member) })),
    ).flat();
    for (const { member, reply } of requests) {
      const body = await reply;
      expect(body.id).toBe(1);
      for (const risk of body.result.structuredContent.risks)
        expect(risk.organization_id).toBe(member.organizationId);
    }
  });

  it('cannot reach another tenant’s organization even while others are being served', async () => {
    const [a, b] = tenants;
    const results = await Promise.all([
      a!.client.callTool({ name: 'listRisks', arguments: { organization_id: b!.member.organizationId } }),
      b!.client.callTool({ name: 'listRisks', arguments: { organization_id: b!.member.organizationId } }),
    ]);
    expect(results[0]!.isError).toBe(true);
    expect(JSON.parse((results[0]!.content as { text: string }[])[0]!.text).error.code).toBe('NOT_FOUND');
    expect(results[1]!.isError).toBeFalsy();
  });
});
