import { openStorage } from '@comply/storage';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writeBurst } from './reliability/burst.js';
import { startChildServer } from './reliability/child-server.js';
import { childDatabase, seedOwner } from './reliability/child-tenant.js';

const WORKERS = 12;

const targets: { label: string; driver: 'pglite' | 'postgres' }[] = [
  { label: 'pglite, data dir', driver: 'pglite' },
];
if (process.env.TEST_DATABASE_URL) targets.push({ label: 'postgres', driver: 'postgres' });

/** Rows that a half-applied addMeasure would leave: every measure has its evidence, links and audit entry. */
const HALF_WRITTEN = sql<{ problem: string; n: number }>`
  select 'measure without 3 evidence items' as problem, count(*)::int as n from measures m
    where (select count(*) from evidence_measures e where e.measure_id = m.id) <> 3
  union all select 'measure without 2 risk links', count(*)::int from measures m
    where (select count(*) from risk_measures l where l.measure_id = m.id) <> 2
  union all select 'measure without its audit entry', count(*)::int from measures m
    where not exists (select 1 from audit_log a where a.record_id = m.id and a.action = 'addMeasure')
  union all select 'audit entry without its measure', count(*)::int from audit_log a
    where a.action = 'addMeasure' and not exists (select 1 from measures m where m.id = a.record_id)`;

describe('SIGKILL during a write burst', () => {
  it.each(targets)(
    'keeps every acknowledged write and no half-written one ($label)',
    async ({ driver }) => {
      const target = childDatabase(driver, 'kill');
      try {
        const { organizationId, token: secret } = await seedOwner({ options: target.options, name: 'kill' });

        const first = await startChildServer(target.env);
        const riskIds: string[] = [];
        for (const name of ['risk a', 'risk b']) {
          const reply = await fetch(`${first.url}/api/mcp/tools/addRisk`, {
            method: 'POST',
            headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              organization_id: organizationId,
              name,
              inherent_likelihood: 2,
              inherent_impact: 2,
            }),
          });
          riskIds.push(((await reply.json()) as { id: string }).id);
        }
        const burst = writeBurst({
          url: first.url,
          token: secret,
          organizationId,
          riskIds,
          workers: WORKERS,
        });
        while (burst.acks.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
        await first.kill();
        await burst.stop();
        const acked = [...burst.acks];
        console.log(`${driver}: ${burst.sent()} writes sent, ${acked.length} acknowledged before SIGKILL`);

        const second = await startChildServer(target.env);
        for (const ack of acked) {
          const reply = await fetch(`${second.url}/api/mcp/tools/getMeasure`, {
            method: 'POST',
            headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
            body: JSON.stringify({ id: ack.id }),
          });
          expect(reply.status, ack.name).toBe(200);
          const measure = (await reply.json()) as { name: string; evidence: unknown[]; risk_ids: string[] };
          expect([measure.name, measure.evidence.length, measure.risk_ids.length]).toEqual([ack.name, 3, 2]);
        }
        await second.stop();

        const check = await openStorage(target.options);
        const { rows } = await HALF_WRITTEN.execute(check.db);
        const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from measures`.execute(
          check.db,
        );
        await check.close();
        expect(rows.filter((r) => r.n > 0)).toEqual([]);
        expect(count[0]!.n).toBeGreaterThanOrEqual(acked.length);
      } finally {
        await target.cleanup();
      }
      // Two server starts, a burst and a restart: the storage now migrates through the evidence
      // vault and the outbox on each open, which takes more than the default 30 s on a busy machine.
    },
    90_000,
  );
});
