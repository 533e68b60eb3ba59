import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { mcpToolCall } from './reliability/mcp-call.js';
import { STRESS } from './reliability/profile.js';

// CI profile; `npm run stress` runs the 64-connection, 60-second soak (scripts/stress/soak.mjs).
const CONNECTIONS = STRESS ? 32 : 8;
const SECONDS = STRESS ? 30 : 5;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

describe.each(DRIVERS)(`mixed load, ${CONNECTIONS} connections for ${SECONDS} s (%s)`, (driver) => {
  let server: TestServer;
  const riskIds: string[] = [];
  const org = () => server.owner.organizationId;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    for (let i = 0; i < 10; i++) {
      const reply = await server.call('addRisk', {
        organization_id: org(),
        name: `seed ${i}`,
        inherent_likelihood: 3,
        inherent_impact: 3,
      });
      riskIds.push(reply.body.id);
    }
  });
  afterAll(() => server?.stop());

  it(
    'answers every request without an error and loses no acknowledged write',
    async () => {
      const latencies: number[] = [];
      const failures: string[] = [];
      const added = new Set<string>();
      const pick = () => riskIds[Math.floor(Math.random() * riskIds.length)]!;
      const steps: (() => Promise<{ ok: boolean; detail: string; id?: string }>)[] = [
        async () => {
          const r = await server.call('listRisks', {
            organization_id: org(),
            min_residual_score: 4,
            page_size: 20,
          });
          return { ok: r.status === 200, detail: `listRisks ${r.status}` };
        },
        async () => {
          const r = await server.call('addRisk', {
            organization_id: org(),
            name: `load ${Math.random()}`,
            inherent_likelihood: 2,
            inherent_impact: 2,
          });
          return { ok: r.status === 200, detail: `addRisk ${r.status}`, id: r.body?.id };
        },
        async () => {
          const r = await server.call('updateRisk', { id: pick(), note: `n ${Math.random()}` });
          return { ok: r.status === 200, detail: `updateRisk ${r.status}` };
        },
        async () => {
          const r = await mcpToolCall({
            url: server.url,
            token: server.owner.token,
            tool: 'getComplianceReport',
            input: { organization_id: org() },
          });
          return { ok: r.status === 200 && !r.isError, detail: `MCP getComplianceReport ${r.status}` };
        },
        async () => {
          const r = await server.call('getRisk', { id: pick() });
          return { ok: r.status === 200, detail: `getRisk ${r.status}` };
        },
      ];
      const until = Date.now() + SECONDS * 1000;
      const worker = async (w: number) => {
        for (let i = w; Date.now() < until; i++) {
          const started = performance.now();
          const outcome = await steps[i % steps.length]!();
          latencies.push(performance.now() - started);
          if (!outcome.ok) failures.push(outcome.detail);
          if (outcome.id) added.add(outcome.id);
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
      const sorted = [...latencies].sort((a, b) => a - b);
      console.log(
        `load (${driver}): ${latencies.length} requests in ${SECONDS} s over ${CONNECTIONS} connections, ` +
          `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, ${failures.length} failures`,
      );
      expect(failures).toEqual([]);
      const listed = await server.call('listRisks', { organization_id: org(), query: 'load', page_size: 1 });
      expect(listed.body.total_count).toBe(added.size);
    },
    SECONDS * 1000 + 30_000,
  );
});
