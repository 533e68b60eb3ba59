#!/usr/bin/env node
// How cost grows with the work, on PostgreSQL, through the storage layer alone (no read cache, no
// HTTP: what a tool call's uncached query costs), one caller at a time.
//
// Part 1, one organization grown in place to each of --sizes (10k, 100k, 1M risks; vendors and
// measures a fiftieth of the risks each, every measure on one or two controls of the 424-control NIST
// SP 800-53 library framework; risks inserted by PostgreSQL itself, scripts/bench/sql-seed.ts, then
// VACUUM ANALYZE as autovacuum would): p50 and p99 of
//   listRisks            --calls varied inputs, never repeated (scripts/bench/workloads.mjs: status
//                        sets, score floors, orderings, page sizes; a `query` on every 5th), mapped
//                        to storage parameters by the tool handler's own toListParams
//   getComplianceReport  the organization's report
//   getAuditReadiness    readiness of the NIST framework
// and the 1M/10k ratio of the listRisks p50 (goal <= 2x: counts of a text search stop at 10,000).
// Part 2, the newer registers at their realistic largest, in an organization of their own: a
// Statement of Applicability over a 1,000-control catalog (500 measures on its first 800
// controls), 10,000 evidence files (FILE evidence, each with a stored file revision, linked to a
// measure), 5,000 tasks: getStatementOfApplicability (first page of 100, and every page of the SoA),
// listEvidence and listTasks (varied inputs as above), and getAuditReadiness of that catalog.
//
// The table is written between the `scale-table` markers of docs/performance.md (--no-docs: only
// printed). Options: --sizes a,b,c (10000,100000,1000000), --calls N (60), --no-docs,
// --no-registers (part 1 only), --slowest N (print the N slowest list inputs of each size).
// Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a schema dropped at the end.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { optionsOnSources } from './on-sources.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { calls: 60, slowest: 0 },
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    'no-docs': { type: 'boolean', default: false },
    'no-registers': { type: 'boolean', default: false },
  },
});

const { sql } = await import('kysely');
const { withBenchStorage, benchOwner } = await import('./bench-storage.mjs');
const { seedRegistersBySql, seedRisksBySql } = await import('./sql-seed.ts');
const { uniqueListSource } = await import('./workloads.mjs');
const { toListParams } = await import('../../apps/server/src/tools/registers.ts');
const { libraryFramework } = await import('../../apps/server/src/oscal/library.ts');

const sizes = options.sizes.split(',').map(Number);
const calls = Number(options.calls);
const slowest = Number(options.slowest);
const DOC = new URL('../../docs/performance.md', import.meta.url);
const START = '<!-- scale-table:start (scripts/bench/scale.mjs writes this part) -->';
const END = '<!-- scale-table:end -->';

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const t0 = Date.now();
const progress = (what) =>
  console.error(`[${((Date.now() - t0) / 1000).toFixed(0)} s, load ${os.loadavg()[0].toFixed(1)}] ${what}`);
const label = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));

/**
 * p50 and p99 of `calls` calls of `fn(i)` after 5 warm-up calls (negative i). With --slowest N, the
 * N slowest calls are printed to stderr with what `fn` returned as `described` (their input).
 */
async function timeIt(fn, n = calls, what = '') {
  for (let i = 1; i <= 5; i++) await fn(-i);
  const times = [];
  const made = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    const result = await fn(i);
    const time = ms(start);
    times.push(time);
    made.push({ time, described: result?.described });
  }
  if (slowest > 0 && made.some((c) => c.described)) {
    made.sort((a, b) => b.time - a.time);
    for (const c of made.slice(0, slowest))
      console.error(`slow ${what}: ${c.time.toFixed(1)} ms ${c.described}`);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** A list tool's storage call on never-repeated varied inputs (the handler's own mapping). */
function variedList({ storage, register, tool, organizationId, seed }) {
  const next = uniqueListSource({ tool, seed, organizationId });
  return () => {
    const { input } = next();
    const params = toListParams({ ctx: { organizationId }, args: input });
    const { organization_id: _, ...shown } = input;
    return storage[register].list(params).then(() => ({ described: JSON.stringify(shown) }));
  };
}

/** Measures `from`..`to - 1` and vendors alike, each measure on one or two of `codes`. */
async function seedMeasuresAndVendors({ db, organizationId, frameworkId, codes, from, to }) {
  await sql`insert into measures (id, organization_id, name, category, owner, state, created_at, updated_at)
    select 'msr_01' || lpad(n::text, 24, '0'), ${organizationId}, 'Measure ' || lpad(n::text, 8, '0'),
      (array['Information security','Privacy','Continuity','Third party','Compliance','Cloud'])[1 + n % 6],
      (array['CISO','CTO','DPO','IT Operations'])[1 + n % 4],
      (array['NOT_STARTED','IN_PROGRESS','IMPLEMENTED','IMPLEMENTED','NOT_APPLICABLE'])[1 + n % 5],
      now() - make_interval(secs => n), now() - make_interval(secs => n)
    from generate_series(${from}::int, ${to - 1}::int) n`.execute(db);
  await sql`insert into measure_controls (organization_id, measure_id, framework_id, control_code)
    select distinct ${organizationId}, 'msr_01' || lpad(n::text, 24, '0'), ${frameworkId},
      (${codes}::text[])[1 + (abs(hashint4(n + k)) % ${codes.length})]
    from generate_series(${from}::int, ${to - 1}::int) n, generate_series(0, n % 2) k`.execute(db);
  await sql`insert into vendors (id, organization_id, name, risk_tier, status, processes_personal_data,
      last_reviewed_at, review_interval_days, owner, created_at, updated_at)
    select 'vnd_01' || lpad(n::text, 24, '0'), ${organizationId}, 'Vendor ' || lpad(n::text, 8, '0'),
      (array['LOW','MEDIUM','HIGH','CRITICAL'])[1 + n % 4], 'ACTIVE', n % 3 = 0,
      current_date - (n % 500), 365, 'Procurement', now(), now()
    from generate_series(${from}::int, ${to - 1}::int) n`.execute(db);
}

async function run(storage) {
  const { db } = storage;
  const { organizationId, actor } = await benchOwner(storage);
  const nist = await storage.frameworks.create({
    organizationId,
    actor,
    data: libraryFramework({ key: 'nist-sp-800-53-r5' }),
  });
  const nistCodes = (await storage.frameworks.allControls({ organizationId, frameworkId: nist.id })).map(
    (c) => c.code,
  );
  const rows = [];
  const listRisksP50 = {};
  let risks = 0;
  let others = 0;
  for (const size of sizes) {
    progress(`seeding ${label(size)} risks`);
    await seedRisksBySql({ db, organizationId, from: risks, to: size });
    const want = Math.round(size / 50);
    await seedMeasuresAndVendors({
      db,
      organizationId,
      frameworkId: nist.id,
      codes: nistCodes,
      from: others,
      to: want,
    });
    risks = size;
    others = want;
    await sql`vacuum analyze`.execute(db);
    progress(`timing at ${label(size)}`);
    const at = `${label(size)} risks, ${label(others)} measures and vendors`;
    const list = await timeIt(
      variedList({ storage, register: 'risks', tool: 'listRisks', organizationId, seed: size }),
      calls,
      `listRisks at ${label(size)}`,
    );
    listRisksP50[size] = list.p50;
    rows.push({ tool: 'listRisks (varied, 1 in 5 a text search)', at, ...list });
    rows.push({
      tool: 'getComplianceReport',
      at,
      ...(await timeIt(() => storage.reports.complianceReport({ organizationId }))),
    });
    rows.push({
      tool: 'getAuditReadiness (NIST 800-53, 424 controls)',
      at,
      ...(await timeIt(() => storage.reports.auditReadiness({ organizationId, frameworkId: nist.id }))),
    });
  }

  if (options['no-registers']) return { rows, listRisksP50 };
  progress('seeding the registers organization');
  const registers = await storage.organizations.create({
    name: 'Registers',
    ownerUserId: actor.userId,
    actor,
  });
  const orgId = registers.id;
  const catalog = await storage.frameworks.create({
    organizationId: orgId,
    actor,
    data: {
      name: 'Catalog of 1,000 controls',
      controls: Array.from({ length: 1000 }, (_, i) => ({
        code: `C-${String(i + 1).padStart(4, '0')}`,
        title: `Control ${i + 1}`,
        family: `Family ${1 + Math.floor(i / 50)}`,
      })),
    },
  });
  const catalogCodes = Array.from({ length: 800 }, (_, i) => `C-${String(i + 1).padStart(4, '0')}`);
  // Ids of this organization's measures and vendors start after the first organization's.
  const base = 10_000_000;
  await seedMeasuresAndVendors({
    db,
    organizationId: orgId,
    frameworkId: catalog.id,
    codes: catalogCodes,
    from: base,
    to: base + 500,
  });
  await seedRegistersBySql({ db, organizationId: orgId, counts: { evidence: 10_000, tasks: 5_000 } });
  await sql`vacuum analyze`.execute(db);
  progress('timing the registers');
  const soaAt = '1,000-control catalog, 500 measures on 800 of its controls';
  const soaPage = () => storage.soa.get({ organizationId: orgId, frameworkId: catalog.id, pageSize: 100 });
  const soaAll = async () => {
    let cursor;
    let n = 0;
    do {
      const page = await storage.soa.get({
        organizationId: orgId,
        frameworkId: catalog.id,
        pageSize: 100,
        cursor,
      });
      n += page.controls.length;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    if (n !== 1000) throw new Error(`the SoA listed ${n} controls, not 1000`);
  };
  rows.push({
    tool: 'getStatementOfApplicability, first page of 100',
    at: soaAt,
    ...(await timeIt(soaPage)),
  });
  rows.push({
    tool: 'getStatementOfApplicability, all 10 pages',
    at: soaAt,
    ...(await timeIt(soaAll, Math.max(10, Math.round(calls / 3)))),
  });
  rows.push({
    tool: 'getAuditReadiness (1,000-control catalog)',
    at: `${soaAt}, 10,000 evidence files`,
    ...(await timeIt(() =>
      storage.reports.auditReadiness({ organizationId: orgId, frameworkId: catalog.id }),
    )),
  });
  /** The row of `calls` varied calls of a register's list tool (1 in 5 a text search). */
  const variedRow = async ({ register, tool, at, seed }) => ({
    tool: `${tool} (varied, 1 in 5 a text search)`,
    at,
    ...(await timeIt(variedList({ storage, register, tool, organizationId: orgId, seed }), calls, tool)),
  });
  rows.push(
    await variedRow({ register: 'evidence', tool: 'listEvidence', at: '10,000 evidence files', seed: 7 }),
  );
  rows.push(await variedRow({ register: 'tasks', tool: 'listTasks', at: '5,000 tasks', seed: 9 }));
  rows.push({
    tool: 'getComplianceReport',
    at: '10,000 evidence files, 5,000 tasks, 500 measures',
    ...(await timeIt(() => storage.reports.complianceReport({ organizationId: orgId }))),
  });
  return { rows, listRisksP50 };
}

const load = os.loadavg().map((l) => l.toFixed(1));
const { rows, listRisksP50 } = await withBenchStorage({ poolSize: 4 }, ({ storage }) => run(storage));
const loadAfter = os.loadavg().map((l) => l.toFixed(1));
const f = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const smallest = sizes[0];
const largest = sizes[sizes.length - 1];
const ratio = listRisksP50[largest] / listRisksP50[smallest];
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:scale\` (${calls} calls per row after 5`,
  `warm-up calls; PostgreSQL, storage layer, one caller; ${os.cpus().length} cores, load average`,
  `${load.join(' ')} before and ${loadAfter.join(' ')} after).`,
  '',
  '| tool | data | p50 ms | p99 ms |',
  '|---|---|---:|---:|',
  ...rows.map((r) => `| ${r.tool} | ${r.at} | ${f(r.p50)} | ${f(r.p99)} |`),
  '',
  `listRisks varied p50 at ${label(largest)} / ${label(smallest)}: ${ratio.toFixed(2)}× (goal <= 2×: ${ratio <= 2 ? 'meets' : 'misses'}).`,
];
console.log(`\n${lines.join('\n')}`);
if (!options['no-docs'] && sizes.length >= 2) {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/performance.md has no ${START} … ${END} markers`);
  writeFileSync(DOC, `${text.slice(0, start + START.length)}\n${lines.join('\n')}\n${text.slice(end)}`);
  console.log('\nwritten to docs/performance.md');
}
