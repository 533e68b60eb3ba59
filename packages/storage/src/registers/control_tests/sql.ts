import type { TestRun } from '@comply/schemas';
import { type RawBuilder, sql } from 'kysely';
import { isoTimestampSql } from '../../audit/audited-statement.js';

/** How many runs a control test's record carries (`latest_runs`); listTestRuns pages the rest. */
export const LATEST_RUNS = 5;

/** A run as the tools return it, from a `control_test_runs` row aliased `alias`. */
export function runJson(alias: string): RawBuilder<TestRun> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<TestRun>`jsonb_build_object('id', ${col('id')}, 'control_test_id', ${col('control_test_id')},
    'measure_id', ${col('measure_id')}, 'period_start', to_char(${col('period_start')}, 'YYYY-MM-DD'),
    'period_end', to_char(${col('period_end')}, 'YYYY-MM-DD'), 'performed_by', ${col('performed_by')},
    'performed_at', ${isoTimestampSql(alias, 'performed_at')}, 'samples_tested', ${col('samples_tested')},
    'result', ${col('result')}, 'notes', ${col('notes')}, 'exceptions', ${col('exceptions')},
    'evidence_ids', (select coalesce(jsonb_agg(re.evidence_id order by re.evidence_id), '[]'::jsonb)
      from control_test_run_evidence re where re.run_id = ${col('id')}),
    'nonconformity_id', ${col('nonconformity_id')}, 'recorded_at', ${isoTimestampSql(alias, 'recorded_at')})`;
}

/** The runs of the `control_tests` row in scope, latest period first, as a JSON array. */
export const latestRunsJson = sql<TestRun[]>`(select coalesce(jsonb_agg(x.run order by x.period_end desc,
    x.id desc), '[]'::jsonb) from (select ${runJson('r')} as run, r.period_end, r.id from control_test_runs r
    where r.control_test_id = control_tests.id order by r.period_end desc, r.id desc limit ${LATEST_RUNS}) x)`;

const latestRun = (column: string) =>
  sql`(select ${sql.ref(`r.${column}`)} from control_test_runs r where r.control_test_id = control_tests.id
    order by r.period_end desc, r.id desc limit 1)`;

/** The result of the run with the latest period, or null. */
export const lastResultSql = latestRun('result');

/** The end of the latest period tested, as YYYY-MM-DD, or null. */
export const lastPeriodEndSql = sql<
  string | null
>`(select to_char(max(r.period_end), 'YYYY-MM-DD') from control_test_runs r where r.control_test_id = control_tests.id)`;
