import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { addDays } from '../dates.js';
import { invalidInput } from '../errors.js';
import { BY_TIMESTAMPS, compare, defineRegister, equals, holds, inList, search } from './define.js';

/** The one definition of an audit's `upcoming`. */
export function upcomingSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(audits.start_date is not null and audits.start_date > ${today}::date
    and audits.state in ('PLANNED', 'IN_PROGRESS'))`;
}

/** An audit ends on or after the day it starts. */
function checkDates(start: string | null | undefined, end: string | null | undefined): void {
  if (start && end && end < start)
    throw invalidInput('end_date', '`end_date` must not be before `start_date`.');
}

/** The audits register; an audit names a framework of the organization or none. */
export const auditsRepository = defineRegister({
  register: 'audits',
  computed: { upcoming: ({ today }) => upcomingSql(today) },
  filters: {
    state: inList('state'),
    kind: inList('kind'),
    framework_id: equals('framework_id'),
    query: search('name', 'auditor'),
    start_after: compare('start_date', '>'),
    start_before: compare('start_date', '<'),
    upcoming_within_days: (days, { column, today }) =>
      sql<SqlBool>`${column('start_date')} > ${today} and ${column('start_date')} <= ${addDays({ date: today, days })}`,
    upcoming: holds('upcoming'),
  },
  order: {
    keys: { start_date: 'nullable', name: 'lower', ...BY_TIMESTAMPS },
  },
  defaults: { state: 'PLANNED' },
  refs: { framework_id: 'frameworks' },
  values: ({ data, values }) => {
    checkDates(data.start_date, data.end_date);
    return values;
  },
  // A changed start or end date is checked against the other as the record has it.
  needsTransaction: (input, write) =>
    write === 'update' && (input.start_date !== undefined || input.end_date !== undefined),
  patchColumns: ({ before, columns }) => {
    const pick = (field: 'start_date' | 'end_date') =>
      (field in columns ? columns[field] : before[field]) as string | null | undefined;
    checkDates(pick('start_date'), pick('end_date'));
    return columns;
  },
});
