import { toolNames, tools } from '@comply/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { type ForeignProbe, foreignProbes } from './reliability/foreign-probes.js';
import { expectedFor, namesField } from './reliability/isolation-rules.js';
import { mcpToolCall } from './reliability/mcp-call.js';
import { lastUpdate, rowCounts } from './reliability/row-counts.js';
import { seedTenant, type Tenant } from './reliability/tenants.js';

// biome-ignore lint/suspicious/noExplicitAny: replies are arbitrary JSON
type Reply = { status: number; body: any };

/** Fails when `reply` carries anything of `owner` that the caller did not send itself. */
function expectNoLeak({ reply, owner, probe }: { reply: Reply; owner: Tenant; probe: ForeignProbe }) {
  const text = JSON.stringify(reply.body ?? '');
  const sent = JSON.stringify(probe.input);
  const secrets = [...owner.labels, ...[...owner.ids.values()].flat()].filter((s) => !sent.includes(s));
  expect(
    secrets.filter((s) => text.includes(s)),
    `${probe.tool} ${probe.field} leaked`,
  ).toEqual([]);
}

function expectAnswer({ reply, probe }: { reply: Reply; probe: ForeignProbe }) {
  const expected = expectedFor(probe);
  const where = `${probe.tool} with a foreign ${probe.field}: ${JSON.stringify(reply.body)}`;
  expect(reply.status, where).toBe(expected.status);
  if ('empty' in expected) {
    expect(reply.body.total_count, where).toBe(0);
    return;
  }
  expect(reply.body.error.code, where).toBe(expected.code);
  expect(namesField({ actual: reply.body.error.field, expected: expected.field }), where).toBe(true);
}

/**
 * Document workflow steps the fixture's own DRAFT document refuses: nothing is published to
 * acknowledge (409), and the caller is no named approver (403). A foreign id never gets that far.
 */
const STATE_REFUSED = new Map([
  ['acknowledgeDocument', 409],
  ['approveDocumentVersion', 403],
]);

describe.each(DRIVERS)('isolation matrix (%s)', (driver) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let probeCount = 0;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    alice = await seedTenant({ server, tag: 'alice' });
    bob = await seedTenant({ server, tag: 'bob' });
  });
  afterAll(async () => {
    console.log(
      `isolation matrix (${driver}): ${probeCount} foreign-id calls over ${toolNames.length} tools`,
    );
    await server?.stop();
  });

  it('covers every tool with at least an organization or cursor probe', () => {
    for (const tool of toolNames) {
      expect(foreignProbes({ tool, caller: alice, owner: bob }).probes.length, tool).toBeGreaterThan(0);
    }
  });

  it.each(['alice', 'bob'])(
    '%s naming the other organization’s ids gets "not found" and changes nothing (REST)',
    async (who) => {
      const [caller, owner] = who === 'alice' ? [alice, bob] : [bob, alice];
      for (const tool of toolNames) {
        const { base, probes } = foreignProbes({ tool, caller, owner });
        // The same call with the caller's own ids succeeds: the foreign id is the only difference.
        const own = await server.call(tool, base, { token: caller.member.token });
        const expected = STATE_REFUSED.get(tool) ?? 200;
        expect(own.status, `${tool} with own ids: ${JSON.stringify(own.body)}`).toBe(expected);
        for (const probe of probes) {
          const before = { counts: await rowCounts(server.storage), at: await lastUpdate(server.storage) };
          const reply = await server.call(tool, probe.input, { token: caller.member.token });
          expectAnswer({ reply, probe });
          expectNoLeak({ reply, owner, probe });
          expect({ counts: await rowCounts(server.storage), at: await lastUpdate(server.storage) }).toEqual(
            before,
          );
          probeCount++;
        }
      }
    },
  );

  it('an AUDITOR of one organization gets the same "not found" for the other’s ids, or 403 for a write', async () => {
    // A read-only role of alice's organization: reads answer exactly as for its OWNER, and a write
    // is refused (403) unless the foreign id is refused first; never a leak, nothing written.
    const auditor = await server.addMember({ organizationId: alice.member.organizationId, role: 'AUDITOR' });
    const caller: Tenant = { ...alice, member: auditor };
    for (const tool of toolNames) {
      for (const probe of foreignProbes({ tool, caller, owner: bob }).probes) {
        const before = { counts: await rowCounts(server.storage), at: await lastUpdate(server.storage) };
        const reply = await server.call(tool, probe.input, { token: auditor.token });
        if (tools[tool].access === 'write' && reply.status === 403) {
          expect(reply.body.error.code, `${tool} ${probe.field}`).toBe('FORBIDDEN');
        } else {
          expectAnswer({ reply, probe });
        }
        expectNoLeak({ reply, owner: bob, probe });
        expect({ counts: await rowCounts(server.storage), at: await lastUpdate(server.storage) }).toEqual(
          before,
        );
        probeCount++;
      }
    }
  }, 120_000);

  it('answers the same over MCP (isError with the same code and field)', async () => {
    for (const tool of toolNames) {
      for (const probe of foreignProbes({ tool, caller: alice, owner: bob }).probes) {
        const before = await rowCounts(server.storage);
        const reply = await mcpToolCall({
          url: server.url,
          token: alice.member.token,
          tool,
          input: probe.input,
        });
        expect(reply.status).toBe(200);
        const expected = expectedFor(probe);
        expect(reply.isError, `${tool} ${probe.field}`).toBe(expected.status !== 200);
        expectAnswer({
          reply: { status: expected.status === 200 ? 200 : expected.status, body: reply.body },
          probe,
        });
        expectNoLeak({ reply, owner: bob, probe });
        expect(await rowCounts(server.storage)).toEqual(before);
        probeCount++;
      }
    }
  });
});
