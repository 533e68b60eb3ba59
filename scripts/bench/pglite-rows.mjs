#!/usr/bin/env node
// What a page of risks costs on PGlite, by how its rows travel: runs varied listRisks calls
// (scripts/bench/workloads.mjs) through the storage layer on an in-memory PGlite, captures each
// page query, then times every captured query read field by field (PGlite's own decoding) and as
// one JSON text per row, and as a prepared statement returning one JSON text per row (what the
// dialect does for a select it has seen before), alternating them in rounds so all see the same
// machine. Prints the median per call and the ratio to field by field.
// Options: --risks N (10000), --calls N (12 distinct page queries), --rounds N (5), --repeat N (40),
// --rows N (each page's limit set to N, e.g. 2 for the fixed cost of a query).
import { optionsOnSources } from './on-sources.mjs';
import { seededRandom, variedListInput } from './workloads.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { risks: 10000, calls: 12, rounds: 5, repeat: 40 },
  options: {
    rows: { type: 'string' },
  },
});

const { openStorage } = await import('@comply/storage');
const { seedBulkOrganization } = await import('./bench-storage.mjs');
const { PGlite } = await import('@electric-sql/pglite');
const {
  executePrepared,
  jsonRowsSql: wrap,
  prepareStatement,
} = await import('../../packages/storage/src/db/pglite/prepared.ts');

// Every page query the storage sends, with the PGlite instance it went to.
let captured = null;
let engine = null;
const query = PGlite.prototype.query;
PGlite.prototype.query = function capture(text, params, ...rest) {
  engine = this;
  const inner = text.replace(
    /^select row_to_json\(comply_row\)::text as row from \((.*)\) as comply_row$/s,
    '$1',
  );
  if (captured && /^select "risks"\."id"|^with "risks"/.test(inner)) captured.push({ text: inner, params });
  return query.call(this, text, params, ...rest);
};

const storage = await openStorage({ databaseUrl: 'memory://' });
try {
  const organizationId = await seedBulkOrganization(storage, { risks: Number(options.risks), measures: 200 });
  const random = seededRandom(1);
  captured = [];
  for (let index = 0; index < Number(options.calls); index++) {
    const { organization_id, page_size, order_by, ...filters } = variedListInput({
      tool: 'listRisks',
      random,
      index,
      organizationId,
      searchEvery: 0,
    });
    await storage.risks.list({
      organizationId: organization_id,
      pageSize: page_size,
      orderBy: order_by,
      filters,
    });
  }
  const pages = captured;
  // A page query ends with `limit $n`: its last parameter.
  if (options.rows) for (const page of pages) page.params[page.params.length - 1] = Number(options.rows);
  captured = null;
  PGlite.prototype.query = query;

  for (const [index, page] of pages.entries()) {
    page.statement = await prepareStatement(engine, `bench_${index}`, wrap(page.text));
  }
  const ways = {
    'field by field': async ({ text, params }) => (await engine.query(text, params)).rows,
    'one JSON text per row': async ({ text, params }) =>
      (await engine.query(wrap(text), params)).rows.map(({ row }) => JSON.parse(row)),
    'prepared, JSON per row': async ({ statement, params }) =>
      (await executePrepared(engine, statement, params)).rows.map(({ row }) => JSON.parse(row)),
  };
  const rows = (await ways['field by field'](pages[0])).length;
  const times = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
  for (let round = 0; round < Number(options.rounds); round++) {
    for (const [way, run] of Object.entries(ways)) {
      const started = performance.now();
      for (let repeat = 0; repeat < Number(options.repeat); repeat++)
        for (const page of pages) await run(page);
      times[way].push((performance.now() - started) / (Number(options.repeat) * pages.length));
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `\nPGlite, ${options.risks} risks, ${pages.length} varied page queries (first: ${rows} rows), ${options.rounds} rounds\n`,
  );
  const base = median(times['field by field']);
  for (const [way, values] of Object.entries(times)) {
    console.log(
      `${way.padEnd(22)} ${median(values).toFixed(2).padStart(6)} ms per page   ${(median(values) / base).toFixed(2)}`,
    );
  }
} finally {
  PGlite.prototype.query = query;
  await storage.close();
}
