import { type RawBuilder, sql } from 'kysely';
import { BY_TIMESTAMPS, compare, defineRegister, holds, inList, lowerEquals, search } from './define.js';
import { refuseFutureDates } from './not-future.js';

/** The one definition of an obligation's `overdue`. */
export function obligationOverdueSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(obligations.due_date is not null and obligations.due_date < ${today}::date
    and obligations.status <> 'COMPLIANT')`;
}

/** The obligations register. */
export const obligationsRepository = defineRegister({
  register: 'obligations',
  computed: { overdue: ({ today }) => obligationOverdueSql(today) },
  filters: {
    status: inList('status'),
    source: inList('source'),
    area: lowerEquals('area'),
    owner: lowerEquals('owner'),
    regulator: lowerEquals('regulator'),
    query: search('title', 'requirement'),
    due_before: compare('due_date', '<'),
    due_after: compare('due_date', '>'),
    overdue: holds('overdue'),
    reviewed_before: compare('last_review_date', '<'),
  },
  order: {
    keys: { due_date: 'nullable', title: 'lower', ...BY_TIMESTAMPS },
  },
  defaults: { status: 'NON_COMPLIANT' },
  check: ({ data, now }) => refuseFutureDates({ now, dates: { last_review_date: data.last_review_date } }),
});
