#!/usr/bin/env node
// @comply/oscal: parsing and validating NIST's SP 800-53 HIGH catalog, loading the library, and each
// export for the full NIST framework (424 controls) with 500 measures, 10 audits, 60 nonconformities
// and 120 risks (the deterministic fixture of packages/oscal/test/scale-fixture.ts).
//
// Runs on the TypeScript sources: the script re-executes itself as
// `node --conditions=@comply/source --import tsx scripts/bench/oscal.mjs`, so no build is needed.
// Baseline, measured in the same run: JSON.parse of the HIGH catalog file (2.1 MB). Options:
// --runs N (default 7) repetitions of each warm measurement (the median is reported).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { optionsOnSources } from './on-sources.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { runs: 7 },
});

const oscal = await import('@comply/oscal');
const { nistOrganization } = await import('../../packages/oscal/test/scale-fixture.ts');
const { iso } = await import('../../packages/oscal/test/export-fixture.ts');

const runs = Number(options.runs);
const highFile = fileURLToPath(
  new URL(
    '../../packages/oscal/library/nist-sp-800-53-r5/NIST_SP-800-53_rev5_HIGH-baseline-resolved-profile_catalog-min.json',
    import.meta.url,
  ),
);
const highText = readFileSync(highFile, 'utf8');

function once(fn) {
  const start = performance.now();
  const result = fn();
  return { ms: performance.now() - start, result };
}

function median(fn) {
  const times = Array.from({ length: runs }, () => once(fn).ms).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const baseline = median(() => JSON.parse(highText));
const rows = [];
const row = (name, ms, target) => rows.push({ name, ms, target });

const high = JSON.parse(highText);
row('validateOscal(HIGH), cold: catalog schema compile + validate', once(() => oscal.validateOscal(high)).ms);
row(
  'validateOscal(HIGH), warm',
  median(() => oscal.validateOscal(high)),
);
row(
  'parseCatalog(HIGH), 370 controls',
  median(() => oscal.parseCatalog(high)),
);
row(
  'import path, warm: JSON.parse + validate + parse',
  median(() => {
    const doc = JSON.parse(highText);
    oscal.validateOscal(doc);
    return oscal.parseCatalog(doc);
  }),
  2000,
);
row(
  'loadLibraryCatalog(nist-sp-800-53-r5), cold: read + unite + tag',
  once(() => oscal.loadLibraryCatalog({ key: 'nist-sp-800-53-r5' })).ms,
);
row('listLibrary(), cold: the four other catalogs', once(() => oscal.listLibrary()).ms);

const org = nistOrganization();
const { organization, framework, controls, measures, audits, nonconformities, risks } = org;
const mappings = controls.slice(0, 300).map((control, i) => ({
  id: `map_${i}`,
  source_framework_id: framework.id,
  target_framework_id: iso.id,
  relationship: 'intersects-with',
  source_ids: [control.oscal_id],
  target_ids: [`a.5.${1 + (i % 37)}`],
  remarks: null,
  updated_at: '2026-11-01T00:00:00.000Z',
}));
const exports = {
  catalog: () => oscal.exportCatalog({ organization, framework, controls }),
  'system-security-plan': () =>
    oscal.exportSystemSecurityPlan({ organization, framework, controls, measures }),
  'assessment-results': () =>
    oscal.exportAssessmentResults({
      organization,
      frameworks: [framework],
      controls: org.controlIds,
      measures,
      audits,
      nonconformities,
    }),
  'plan-of-action-and-milestones': () => oscal.exportPoam({ organization, measures, nonconformities, risks }),
  'mapping-collection': () =>
    oscal.exportMappingCollection({ organization, frameworks: [framework, iso], mappings }),
};
for (const [model, build] of Object.entries(exports)) {
  row(
    `export ${model} (build + JSON.stringify)`,
    median(() => JSON.stringify(build())),
    1000,
  );
}

console.log(
  `@comply/oscal, median of ${runs} runs unless cold; baseline JSON.parse(HIGH catalog) = ${baseline.toFixed(1)} ms\n`,
);
console.log(`${'step'.padEnd(66)} ${'ms'.padStart(9)} ${'× baseline'.padStart(11)}  target`);
let met = true;
for (const { name, ms, target } of rows) {
  const verdict = target === undefined ? '' : ms <= target ? `≤ ${target} ms met` : `≤ ${target} ms NOT met`;
  if (target !== undefined && ms > target) met = false;
  console.log(
    `${name.padEnd(66)} ${ms.toFixed(1).padStart(9)} ${(ms / baseline).toFixed(2).padStart(10)}×  ${verdict}`,
  );
}
console.log(`\ntargets ${met ? 'met' : 'NOT met'}`);
