#!/usr/bin/env node
// listRisks latency for an organization with 10k risks and one with 1M risks, on PostgreSQL.
//
// Runs on the storage package's TypeScript sources: the script re-executes itself as
// `node --conditions=@comply/source --import tsx scripts/bench/storage.mjs`, so no build is needed.
// Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; everything lives in a
// dedicated schema `bench_<random>` dropped at the end (also on failure).
// Options: --small N (default 10000 risks), --large N (default 1000000), --calls N (default 300),
// e.g. `npm run bench:storage -- --large 100000` for a quick run.
//
// total_count: listRisks answers it from risk_counts (migration 005), exact per-organization
// counts by status and scores kept by triggers, whenever the filters are only status and score
// ranges; other filters fall back to COUNT(*) over the indexes, which grows with the register.
import { withBenchStorage } from './bench-storage.mjs';
import { optionsOnSources } from './on-sources.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { small: 10000, large: 1000000, calls: 300 },
});

const { seedBulk } = await import('@comply/storage');
const { sql } = await import('kysely');

const small = Number(options.small);
const large = Number(options.large);
const calls = Number(options.calls);
const warmup = 20;

const SCENARIOS = [
  { name: 'OPEN, residual>=16, by residual desc', filters: { status: ['OPEN'], min_residual_score: 16 } },
  { name: 'default (residual desc), no filter', filters: {} },
];

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** A cursor about 5,000 rows into the result (or the last page when there are fewer). */
async function deepCursor(storage, params) {
  let cursor = null;
  for (let page = 0; page < 50; page++) {
    const result = await storage.risks.list({ ...params, pageSize: 100, cursor });
    if (!result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return cursor;
}

async function measure(storage, params) {
  for (let i = 0; i < warmup; i++) await storage.risks.list(params);
  const times = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    await storage.risks.list(params);
    times.push(ms(start));
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

async function seed(storage, ownerUserId, risks) {
  const start = process.hrtime.bigint();
  const { organizationIds, rows } = await seedBulk({ storage, ownerUserId, orgs: 1, risks });
  const seconds = ms(start) / 1000;
  console.log(
    `seeded ${risks.toLocaleString('en')} risks in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s)`,
  );
  return organizationIds[0];
}

await withBenchStorage({ poolSize: 4 }, async ({ storage, url, schema }) => {
  console.log(`PostgreSQL ${url.replace(/\/\/[^@]*@/, '//…@')}, schema ${schema}`);
  const owner = await storage.users.create({ email: 'bench@example.com', password: 'bench-password' });
  const orgs = { small: await seed(storage, owner.id, small), large: await seed(storage, owner.id, large) };
  // What autovacuum would do in production: fresh statistics and a visibility map for index-only scans.
  await sql`vacuum analyze risks`.execute(storage.db);

  const rows = [];
  for (const scenario of SCENARIOS) {
    for (const deep of [false, true]) {
      const result = {};
      for (const [size, organizationId] of Object.entries(orgs)) {
        const params = { organizationId, filters: scenario.filters };
        const cursor = deep ? await deepCursor(storage, params) : null;
        result[size] = await measure(storage, { ...params, cursor });
      }
      rows.push({ name: `${scenario.name}, ${deep ? 'deep page' : 'first page'}`, ...result });
    }
  }
  const f = (n) => n.toFixed(2).padStart(8);
  const label = (n) => `${n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`}`;
  console.log(`\nlistRisks latency in ms, page_size 50, ${calls} calls each (after ${warmup} warm-up calls)`);
  console.log(
    `${'scenario'.padEnd(52)} ${`${label(small)} p50`.padStart(8)} ${`${label(small)} p99`.padStart(8)} ${`${label(large)} p50`.padStart(8)} ${`${label(large)} p99`.padStart(8)}  ratio p50`,
  );
  let worst = 0;
  for (const row of rows) {
    const ratio = row.large.p50 / row.small.p50;
    worst = Math.max(worst, ratio);
    console.log(
      `${row.name.padEnd(52)} ${f(row.small.p50)} ${f(row.small.p99)} ${f(row.large.p50)} ${f(row.large.p99)}  ${ratio.toFixed(2)}×`,
    );
  }
  console.log(`\nworst p50 ratio ${worst.toFixed(2)}× (target ≤ 2×): ${worst <= 2 ? 'met' : 'NOT met'}`);
});
