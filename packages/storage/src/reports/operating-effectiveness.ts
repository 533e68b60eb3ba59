import type {
  ControlTestFrequency,
  GetOperatingEffectivenessOutput,
  OperatingControl,
  OperatingState,
  OperatingTest,
  OperatingWindow,
} from '@comply/schemas';
import { sql } from 'kysely';
import { addDays } from '../dates.js';
import type { Db } from '../db/types.js';
import { invalidInput } from '../errors.js';
import { assertFramework } from '../registers/frameworks/control-list.js';
import { addMonths } from '../registers/tasks/recurrence.js';

/** The longest period the report covers, as the auditor package's (262 weekly windows per test). */
const MAX_PERIOD_DAYS = 1830;

const MONTHS: Record<Exclude<ControlTestFrequency, 'WEEKLY'>, number> = {
  MONTHLY: 1,
  QUARTERLY: 3,
  SEMI_ANNUALLY: 6,
  ANNUALLY: 12,
};

/** The earlier of two YYYY-MM-DD dates. */
function earlier(a: string, b: string): string {
  if (a < b) return a;
  return b;
}

/** The windows a frequency expects from `start` to `end`: consecutive, the last cut at `end`. */
export function expectedWindows(args: {
  frequency: ControlTestFrequency;
  start: string;
  end: string;
}): { start: string; end: string }[] {
  const { frequency, start, end } = args;
  const nth = (k: number) =>
    frequency === 'WEEKLY' ? addDays({ date: start, days: 7 * k }) : addMonths(start, MONTHS[frequency] * k);
  const windows: { start: string; end: string }[] = [];
  for (let k = 0; nth(k) <= end; k++) {
    const next = addDays({ date: nth(k + 1), days: -1 });
    windows.push({ start: nth(k), end: earlier(next, end) });
  }
  return windows;
}

/** Worst first: a control's state is the first of these any of its windows calls for. */
const STATE_OF: [OperatingWindow['status'], OperatingState][] = [
  ['FAILED', 'FAILED'],
  ['MISSING', 'GAP'],
  ['PASSED_WITH_EXCEPTIONS', 'EXCEPTIONS'],
  ['PASSED', 'EFFECTIVE'],
];

function stateOf(tests: OperatingTest[]): OperatingState {
  const statuses = new Set(tests.flatMap((t) => t.windows.map((w) => w.status)));
  return STATE_OF.find(([status]) => statuses.has(status))?.[1] ?? 'NOT_DUE';
}

interface Run {
  id: string;
  control_test_id: string;
  period_end: string;
  result: OperatingWindow['status'];
}

/**
 * Each window's status: the result of the latest run whose period ends in it (latest period end,
 * then latest recorded), MISSING when none and it has ended, NOT_DUE when it has not.
 */
function windowsOf(args: {
  test: { id: string; frequency: ControlTestFrequency };
  runs: Run[];
  start: string;
  end: string;
  today: string;
}): OperatingWindow[] {
  const mine = args.runs.filter((r) => r.control_test_id === args.test.id);
  return expectedWindows({ frequency: args.test.frequency, start: args.start, end: args.end }).map((w) => {
    const run = mine.filter((r) => r.period_end >= w.start && r.period_end <= w.end).at(-1);
    if (run) return { ...w, status: run.result, run_id: run.id };
    return { ...w, status: w.end < args.today ? 'MISSING' : 'NOT_DUE', run_id: null };
  });
}

/**
 * Operating effectiveness of a framework's controls over a period: for each control whose
 * (unarchived) measures have ACTIVE tests, each test's expected windows and what ran in them.
 */
export async function buildOperatingEffectiveness(args: {
  db: Db;
  organizationId: string;
  frameworkId: string;
  start: string;
  end: string;
  today: string;
  generatedAt: string;
}): Promise<GetOperatingEffectivenessOutput> {
  const { db, organizationId, frameworkId, start, end } = args;
  if (end < start) {
    throw invalidInput('period_end', `\`period_end\` ${end} is before \`period_start\` ${start}.`);
  }
  const last = addDays({ date: start, days: MAX_PERIOD_DAYS });
  if (end > last) {
    throw invalidInput(
      'period_end',
      `A period covers at most ${MAX_PERIOD_DAYS} days: \`period_end\` ${last} or earlier.`,
    );
  }
  await assertFramework({ db, organizationId, frameworkId });
  const rows = await db
    .selectFrom('framework_controls as c')
    .innerJoin('measure_controls as mc', (join) =>
      join
        .onRef('mc.organization_id', '=', 'c.organization_id')
        .onRef('mc.framework_id', '=', 'c.framework_id')
        .onRef('mc.control_code', '=', 'c.code'),
    )
    .innerJoin('measures as m', (join) =>
      join.onRef('m.id', '=', 'mc.measure_id').on('m.archived_at', 'is', null),
    )
    .leftJoin('control_tests as t', (join) =>
      join.onRef('t.measure_id', '=', 'm.id').on('t.status', '=', 'ACTIVE').on('t.archived_at', 'is', null),
    )
    .select([
      'c.code',
      'c.title',
      'c.position',
      't.id as test_id',
      't.title as test_title',
      't.measure_id',
      't.frequency',
    ])
    .where('c.organization_id', '=', organizationId)
    .where('c.framework_id', '=', frameworkId)
    // A control the Statement of Applicability excludes is out of scope, whatever tests its
    // measures have (as it leaves readiness).
    .where(sql<boolean>`not exists (select 1 from soa_controls s where s.organization_id = c.organization_id
      and s.framework_id = c.framework_id and s.control_code = c.code and not s.applicable)`)
    .orderBy('c.position')
    .orderBy('c.code')
    .orderBy('t.title')
    .orderBy('t.id')
    .execute();
  const testIds = [...new Set(rows.flatMap((r) => (r.test_id ? [r.test_id] : [])))];
  const runs: Run[] = testIds.length
    ? await db
        .selectFrom('control_test_runs as r')
        .select([
          'r.id',
          'r.control_test_id',
          sql<string>`to_char(r.period_end, 'YYYY-MM-DD')`.as('period_end'),
          sql<Run['result']>`r.result`.as('result'),
        ])
        .where('r.organization_id', '=', organizationId)
        .where('r.control_test_id', 'in', testIds)
        .where(sql<boolean>`r.period_end between ${start}::date and ${end}::date`)
        .orderBy('r.period_end')
        .orderBy('r.recorded_at')
        .orderBy('r.id')
        .execute()
    : [];
  const byCode = new Map<string, { title: string; tests: OperatingTest[] }>();
  for (const row of rows) {
    const control = byCode.get(row.code) ?? { title: row.title, tests: [] };
    byCode.set(row.code, control);
    if (!row.test_id || !row.frequency || control.tests.some((t) => t.control_test_id === row.test_id))
      continue;
    const test = { id: row.test_id, frequency: row.frequency as ControlTestFrequency };
    control.tests.push({
      control_test_id: row.test_id,
      title: row.test_title ?? '',
      measure_id: row.measure_id ?? '',
      frequency: test.frequency,
      windows: windowsOf({ test, runs, start, end, today: args.today }),
    });
  }
  const controls: OperatingControl[] = [...byCode]
    .filter(([, c]) => c.tests.length > 0)
    .map(([code, c]) => ({ code, title: c.title, state: stateOf(c.tests), tests: c.tests }));
  const state_counts = { FAILED: 0, GAP: 0, EXCEPTIONS: 0, EFFECTIVE: 0, NOT_DUE: 0 };
  for (const control of controls) state_counts[control.state] += 1;
  return {
    framework_id: frameworkId,
    period_start: start,
    period_end: end,
    generated_at: args.generatedAt,
    tested_control_count: controls.length,
    untested_control_count: byCode.size - controls.length,
    state_counts,
    controls,
  };
}
