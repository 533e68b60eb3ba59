#!/usr/bin/env node
// Frameworks at scale on PGlite (in memory; --postgres: a throwaway schema of DATABASE_URL, see
// bench-storage.mjs): importing NIST SP 800-53 Rev. 5's HIGH resolved catalog
// through the import path of `POST /api/oscal/import` (schema validation, parsing, one transaction),
// listFrameworkControls and getAuditReadiness p50 on the 424-control NIST library framework with
// 500 measures (1 to 4 controls each on its first 320 controls, so most of those have several and
// the last 104 none) and a crosswalk that maps every other one of those 104 HIGH also has to HIGH's
// control, covered there,
// and each OSCAL export at that size. Nothing is ANALYZEd: PGlite has no autovacuum, so the reads
// must plan well without statistics. Every figure is also given as a ratio to a
// baseline measured in the same run: getFramework p50 for the reads, JSON.parse of the HIGH
// catalog for the import and the exports. Targets: import <= 2 s, reads p50 <= 20 ms, exports <= 1 s.
// Options: --calls N (default 100), --postgres.
import { readFileSync } from 'node:fs';
import { optionsOnSources } from './on-sources.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { calls: 100 },
  options: {
    postgres: { type: 'boolean', default: false },
  },
});

const { openStorage } = await import('@comply/storage');
const { withBenchStorage } = await import('./bench-storage.mjs');
const { importOscal } = await import('../../apps/server/src/oscal/import.ts');
const { exportOscal, EXPORT_MODELS } = await import('../../apps/server/src/oscal/export.ts');
const { libraryFramework } = await import('../../apps/server/src/oscal/library.ts');

const calls = Number(options.calls);
const HIGH = new URL(
  '../../packages/oscal/library/nist-sp-800-53-r5/NIST_SP-800-53_rev5_HIGH-baseline-resolved-profile_catalog-min.json',
  import.meta.url,
);
const { ms, timeIt: timeRuns } = await import('./timing.mjs');
/** The p50 of `n` runs of `fn` (default --calls), after up to 10 warm-up runs. */
const timeIt = (fn, n = calls) => timeRuns(fn, { n, warmup: 10 });

const t0 = Date.now();
const progress = (what) => console.error(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${what}`);
const LINKED = 320;
async function run(storage) {
  progress('storage open');
  const user = await storage.users.create({ email: 'bench@example.test', password: 'correct horse battery' });
  const actor = { userId: user.id, tokenId: null, source: 'cli', action: 'bench' };
  const organization = await storage.organizations.create({ name: 'Bench', ownerUserId: user.id, actor });
  const organizationId = organization.id;

  const text = readFileSync(HIGH, 'utf8');
  const parseBaseline = await timeIt(() => JSON.parse(text), 20);
  let start = process.hrtime.bigint();
  const imported = await importOscal({ storage, organizationId, actor, doc: JSON.parse(text), options: {} });
  const importMs = ms(start);

  progress('HIGH imported');
  const nist = await storage.frameworks.create({
    organizationId,
    actor,
    data: libraryFramework({ key: 'nist-sp-800-53-r5' }),
  });
  const controls = await storage.frameworks.allControls({ organizationId, frameworkId: nist.id });
  const high = await storage.frameworks.allControls({ organizationId, frameworkId: imported.framework_id });
  const highCodes = new Set(high.map((c) => c.code));
  // Every other one of the controls without measures maps to the same control of the HIGH framework.
  const crosswalk = controls.slice(LINKED).filter((c, i) => i % 2 === 0 && highCodes.has(c.code));
  const states = ['IMPLEMENTED', 'IMPLEMENTED', 'IN_PROGRESS', 'NOT_STARTED'];
  const measureIds = [];
  await storage.transaction(async (repos) => {
    for (let i = 0; i < 500; i++) {
      const linked = Array.from({ length: 1 + (i % 4) }, (_, k) => controls[(i * (k + 1) * 7 + k) % LINKED]);
      const mapped =
        i < crosswalk.length
          ? [{ framework_id: imported.framework_id, control_code: crosswalk[i].code }]
          : [];
      const measure = await repos.measures.create({
        organizationId,
        actor,
        data: {
          name: `Measure ${i}`,
          state: i < crosswalk.length ? 'IMPLEMENTED' : states[i % states.length],
          owner: `Team ${i % 12}`,
          evidence: i % 3 === 0 ? [{ title: `Evidence ${i}` }] : [],
          controls: [
            ...[...new Set(linked.map((c) => c.code))].map((code) => ({
              framework_id: nist.id,
              control_code: code,
            })),
            ...mapped,
          ],
        },
      });
      measureIds.push(measure.id);
    }
  });
  // An audit of the framework with open nonconformities on some measures, and open risks: what the
  // assessment-results and plan-of-action-and-milestones exports carry.
  await storage.transaction(async (repos) => {
    const audit = await repos.audits.create({
      organizationId,
      actor,
      data: {
        name: 'NIST assessment',
        framework_id: nist.id,
        kind: 'EXTERNAL',
        auditor: 'Assessor',
        state: 'IN_PROGRESS',
        start_date: '2026-01-05',
        end_date: '2026-01-30',
      },
    });
    for (let i = 0; i < 40; i++) {
      await repos.nonconformities.create({
        organizationId,
        actor,
        data: {
          title: `Finding ${i}`,
          severity: ['MAJOR', 'MINOR', 'OBSERVATION'][i % 3],
          status: i % 4 === 0 ? 'CLOSED' : 'OPEN',
          // A CLOSED finding records its cause and its correction.
          ...(i % 4 === 0 && { root_cause: 'Review skipped.', corrective_action: 'Review scheduled.' }),
          audit_id: audit.id,
          measure_id: measureIds[i * 11],
          date_identified: '2026-01-10',
          due_date: '2026-03-31',
          owner: `Team ${i % 12}`,
        },
      });
      await repos.risks.create({
        organizationId,
        actor,
        data: {
          name: `Risk ${i}`,
          status: 'OPEN',
          inherent_likelihood: 1 + (i % 5),
          inherent_impact: 1 + ((i * 3) % 5),
          measure_ids: i % 2 === 0 ? [measureIds[i]] : [],
        },
      });
    }
  });
  await storage.frameworks.mappings.import({
    organizationId,
    actor,
    sourceFrameworkId: nist.id,
    targetFrameworkId: imported.framework_id,
    collection: { title: 'NIST union to HIGH', uuid: null },
    rows: crosswalk.map((c) => ({
      source_control_code: c.code,
      target_control_code: c.code,
      relationship: 'equivalent-to',
    })),
  });
  progress('500 measures, audit, risks and crosswalk written');
  const getBaseline = await timeIt(() => storage.frameworks.get({ organizationId, id: nist.id }));
  const rows = [
    [
      'listFrameworkControls (50, no filter)',
      await timeIt(() =>
        storage.frameworks.listControls({ organizationId, frameworkId: nist.id, filters: {} }),
      ),
    ],
    [
      'listFrameworkControls (covered: false, MODERATE)',
      await timeIt(() =>
        storage.frameworks.listControls({
          organizationId,
          frameworkId: nist.id,
          filters: { covered: false, baseline: 'MODERATE' },
        }),
      ),
    ],
    [
      'getAuditReadiness',
      await timeIt(() => storage.reports.auditReadiness({ organizationId, frameworkId: nist.id })),
    ],
  ];
  progress('reads timed');
  const owner = await storage.organizations.getForUser({ organizationId, userId: user.id });
  const exports = [];
  for (const model of EXPORT_MODELS) {
    start = process.hrtime.bigint();
    await exportOscal({ storage, organization: owner, model, frameworkId: nist.id });
    exports.push([model, ms(start)]);
  }

  const verdict = (value, target) => (value <= target ? 'OK' : 'OVER TARGET');
  console.log(
    `NIST 800-53 union: ${controls.length} controls, 500 measures, ${crosswalk.length} crosswalk rows; ${storage.driver === 'postgres' ? 'PostgreSQL' : 'PGlite in memory'}\n`,
  );
  console.log('| what | time (ms) | × baseline | target |');
  console.log('|---|---:|---:|---|');
  console.log(`| baseline: JSON.parse of the HIGH catalog | ${parseBaseline.toFixed(1)} | 1 | |`);
  console.log(
    `| import HIGH catalog (${imported.control_count} controls) | ${importMs.toFixed(0)} | ${(importMs / parseBaseline).toFixed(1)} | ≤ 2000 ms ${verdict(importMs, 2000)} |`,
  );
  for (const [model, time] of exports) {
    console.log(
      `| export ${model} | ${time.toFixed(0)} | ${(time / parseBaseline).toFixed(1)} | ≤ 1000 ms ${verdict(time, 1000)} |`,
    );
  }
  console.log(`| baseline: getFramework p50 | ${getBaseline.toFixed(2)} | 1 | |`);
  for (const [name, time] of rows) {
    console.log(
      `| ${name} p50 | ${time.toFixed(2)} | ${(time / getBaseline).toFixed(2)} | ≤ 20 ms ${verdict(time, 20)} |`,
    );
  }
}

if (options.postgres) await withBenchStorage({ poolSize: 2 }, ({ storage }) => run(storage));
else {
  const storage = await openStorage({ dataDir: 'memory://' });
  try {
    await run(storage);
  } finally {
    await storage.close();
  }
}
