#!/usr/bin/env node
// What migration 010's trigram index costs writes: addRisk-shaped inserts through the storage
// layer with --callers concurrent callers, alternating rounds with the index present and dropped,
// in one process (PostgreSQL). Prints inserts/s of each round and the with/without ratio.
// Options: --risks N (10000 seeded first), --inserts N (400 per round), --rounds N (3), --callers N (16).
// Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (a schema dropped at the end).
import { seedBulkOrganization, withBenchStorage } from './bench-storage.mjs';
import { optionsOnSources } from './on-sources.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { risks: 10000, inserts: 400, rounds: 3, callers: 16 },
});

const { sql } = await import('kysely');
const actor = { userId: null, tokenId: null, source: 'cli', action: 'addRisk' };

async function round({ storage, organizationId, label }) {
  let next = 0;
  const start = process.hrtime.bigint();
  const caller = async () => {
    while (next < Number(options.inserts)) {
      const n = next++;
      await storage.risks.create({
        organizationId,
        actor,
        data: {
          name: `Cost ${label} ${n}`,
          description: 'Written by the index cost benchmark.',
          inherent_likelihood: 3,
          inherent_impact: 4,
        },
      });
    }
  };
  await Promise.all(Array.from({ length: Number(options.callers) }, caller));
  return Number(options.inserts) / (Number(process.hrtime.bigint() - start) / 1e9);
}

await withBenchStorage({ poolSize: 16 }, async ({ storage }) => {
  const organizationId = await seedBulkOrganization(storage, { risks: Number(options.risks) });
  const definition = (
    await sql`select indexdef from pg_indexes where schemaname = current_schema()
      and indexname = 'risks_query_trgm_idx'`.execute(storage.db)
  ).rows[0]?.indexdef;
  if (!definition) throw new Error('no risks_query_trgm_idx: pg_trgm is not available on this server');
  const rates = { with: [], without: [] };
  await round({ storage, organizationId, label: 'warm-up' });
  for (let r = 0; r < Number(options.rounds); r++) {
    rates.with.push(await round({ storage, organizationId, label: `with ${r}` }));
    await sql`drop index risks_query_trgm_idx`.execute(storage.db);
    rates.without.push(await round({ storage, organizationId, label: `without ${r}` }));
    await sql.raw(definition).execute(storage.db);
  }
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const f = (values) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(`inserts/s with the trigram index:    ${f(rates.with)}`);
  console.log(`inserts/s without the trigram index: ${f(rates.without)}`);
  console.log(`with / without = ${(mean(rates.with) / mean(rates.without)).toFixed(2)}`);
});
