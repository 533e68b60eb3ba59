import type { GetOperatingEffectivenessOutput, TestRun } from '@comply/schemas';
import type { ExportColumn } from '../export/table.js';
import { jsonFile, type PackageSection } from './sections.js';
import { tableFiles } from './tables.js';

const RUN_PAGE = 100;

const RUN_COLUMNS: readonly ExportColumn[] = [
  { key: 'control_test', header: 'Control test' },
  { key: 'measure_id', header: 'Measure' },
  { key: 'period_start', header: 'Period start', type: 'date' },
  { key: 'period_end', header: 'Period end', type: 'date' },
  { key: 'result', header: 'Result' },
  { key: 'samples_tested', header: 'Samples tested', type: 'number' },
  { key: 'exceptions', header: 'Exceptions' },
  { key: 'performed_by', header: 'Performed by' },
  { key: 'performed_at', header: 'Performed at', type: 'datetime' },
  { key: 'evidence_ids', header: 'Evidence' },
  { key: 'nonconformity_id', header: 'Nonconformity' },
  { key: 'id', header: 'Run id' },
];

/**
 * The control tests over the period: getOperatingEffectiveness as JSON, and a table of the runs
 * overlapping the period of the framework's tested measures (listTestRuns), whose evidence the
 * package carries.
 */
export const testRunsSection: PackageSection = {
  name: 'control-tests',
  async build({ run, organization, framework, period }) {
    const scope = { organization_id: organization.id };
    const report = (await run('getOperatingEffectiveness', {
      ...scope,
      framework_id: framework.id,
      period_start: period.start,
      period_end: period.end,
    })) as GetOperatingEffectivenessOutput;
    const tests = new Map(report.controls.flatMap((c) => c.tests.map((t) => [t.control_test_id, t.title])));
    const runs: TestRun[] = [];
    let cursor: string | null = null;
    do {
      const page = (await run('listTestRuns', {
        ...scope,
        from: period.start,
        to: period.end,
        page_size: RUN_PAGE,
        ...(cursor ? { cursor } : {}),
      })) as { test_runs: TestRun[]; next_cursor: string | null };
      runs.push(...page.test_runs.filter((r) => tests.has(r.control_test_id)));
      cursor = page.next_cursor;
    } while (cursor);
    const rows = runs.map((r) => ({
      ...r,
      control_test: tests.get(r.control_test_id),
      exceptions: r.exceptions.join('; '),
      evidence_ids: r.evidence_ids.join(', '),
    }));
    const files = [
      jsonFile('control-tests/operating-effectiveness.json', report),
      ...(await tableFiles('control-tests', { title: 'Control test runs', columns: RUN_COLUMNS, rows })),
    ];
    return {
      files,
      evidenceIds: [...new Set(runs.flatMap((r) => r.evidence_ids))],
      summary: {
        runs: runs.length,
        tested_controls: report.tested_control_count,
        state_counts: report.state_counts,
      },
    };
  },
};
