#!/usr/bin/env node
// Where the time of a varied listing goes in PostgreSQL: runs N varied listRisks calls
// (scripts/bench/workloads.mjs) through the storage layer, captures the SQL each one sends, and
// prints EXPLAIN (ANALYZE, BUFFERS) of every page and count query: plan shape, time, buffers.
// Options: --risks N (10000; beyond 100k inserted by SQL, scripts/bench/sql-seed.ts), --calls N (8), --seed N (1), --cursor (explain the second page too),
// --input JSON (repeatable: explain these listRisks inputs instead, without organization_id).
// Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (a schema dropped at the end).
import { seedBulkOrganization, withBenchStorage } from './bench-storage.mjs';
import { optionsOnSources } from './on-sources.mjs';
import { seededRandom, variedListInput } from './workloads.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { risks: 10000, calls: 8, seed: 1 },
  options: {
    cursor: { type: 'boolean', default: false },
    input: { type: 'string', multiple: true },
  },
});

const { seedRisksBySql } = await import('./sql-seed.ts');
// Beyond this many risks, the rest are inserted by PostgreSQL itself (as bench:varied does).
const BY_REPOSITORY = 100_000;
const { sql } = await import('kysely');
const { default: pg } = await import('pg');

// Every query the storage sends on its pool, while `capturing` is on.
let captured = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function capture(config, ...rest) {
  if (captured && config && typeof config === 'object' && typeof config.text === 'string') {
    captured.push({ text: config.text, values: config.values ?? [] });
  }
  return query.call(this, config, ...rest);
};

/** The storage's list params for a wire input (what the tool handler would pass). */
function toParams(input) {
  const { organization_id, page_size, order_by, ...filters } = input;
  return { organizationId: organization_id, pageSize: page_size, orderBy: order_by, filters };
}

await withBenchStorage({ poolSize: 2 }, async ({ storage, url, schema }) => {
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  try {
    const organizationId = await seedBulkOrganization(storage, {
      risks: Math.min(Number(options.risks), BY_REPOSITORY),
    });
    if (Number(options.risks) > BY_REPOSITORY) {
      await seedRisksBySql({
        db: storage.db,
        organizationId,
        from: BY_REPOSITORY,
        to: Number(options.risks),
      });
    }
    await sql`vacuum analyze risks`.execute(storage.db);
    await sql`analyze risk_counts`.execute(storage.db);
    await explainer.query(`set search_path to "${schema}"`);
    const random = seededRandom(Number(options.seed));
    // --input JSON (repeatable): these inputs instead of the varied ones (e.g. the slow inputs
    // `bench:scale --slowest N` prints).
    const given = (options.input ?? []).map((text) => ({
      ...JSON.parse(text),
      organization_id: organizationId,
    }));
    for (let index = 0; index < (given.length || Number(options.calls)); index++) {
      const input = given[index] ?? variedListInput({ tool: 'listRisks', random, index, organizationId });
      const params = toParams(input);
      captured = [];
      const first = await storage.risks.list(params);
      if (options.cursor && first.next_cursor)
        await storage.risks.list({ ...params, cursor: first.next_cursor });
      const queries = captured.filter((q) => /from "risks"|from "risk_counts"/.test(q.text));
      captured = null;
      console.log(
        `\n=== ${JSON.stringify({ ...input, organization_id: undefined })} → ${first.total_count} rows`,
      );
      for (const q of queries) {
        const started = performance.now();
        await explainer.query({ text: q.text, values: q.values });
        console.log(`(${(performance.now() - started).toFixed(1)} ms without EXPLAIN)`);
        const plan = await explainer.query({
          text: `explain (analyze, buffers, costs off) ${q.text}`,
          values: q.values,
        });
        console.log(`--- ${/^select count\(|"risk_counts"/.test(q.text) ? 'count' : 'page'}`);
        for (const row of plan.rows) console.log(row['QUERY PLAN']);
      }
    }
  } finally {
    pg.Client.prototype.query = query;
    await explainer.end();
  }
});
