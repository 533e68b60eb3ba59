import { StorageError } from '../errors.js';
import { runActions } from './control_tests/runs.js';
import { lastPeriodEndSql, lastResultSql, latestRunsJson } from './control_tests/sql.js';
import { BY_TIMESTAMPS, defineRegister, equals, inList, search } from './define.js';
import { isRecordOf } from './refs.js';

const controlTestsRegister = defineRegister({
  register: 'control_tests',
  computed: {
    last_result: () => lastResultSql,
    last_period_end: () => lastPeriodEndSql,
    latest_runs: () => latestRunsJson,
  },
  filters: {
    measure_id: equals('measure_id'),
    frequency: inList('frequency'),
    status: inList('status'),
    query: search('title', 'procedure'),
  },
  order: { keys: { title: 'lower', frequency: 'column', ...BY_TIMESTAMPS } },
  defaults: { status: 'ACTIVE' },
  // The measure is what the test is of: one that is not the organization's is NOT_FOUND.
  insertValues: async ({ trx, organizationId, data }) => {
    if (!(await isRecordOf({ db: trx, table: 'measures', organizationId, id: data.measure_id }))) {
      throw new StorageError({
        code: 'NOT_FOUND',
        field: 'measure_id',
        message: `No measure with id ${data.measure_id} in this organization.`,
      });
    }
    return {};
  },
  needsTransaction: (_input, write) => write === 'create',
});

/**
 * The control tests repository: the register's list, get, add and update (test plans), plus the
 * immutable runs (control_tests/runs.ts).
 */
export const controlTestsRepository = Object.assign(
  (ctx: Parameters<typeof controlTestsRegister>[0]) => ({
    ...controlTestsRegister(ctx),
    ...runActions(ctx),
  }),
  { order: controlTestsRegister.order, where: controlTestsRegister.where },
);

/** The control tests repository's type. */
export type ControlTestsRepository = ReturnType<typeof controlTestsRepository>;
