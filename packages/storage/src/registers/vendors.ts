import { type RawBuilder, sql } from 'kysely';
import {
  BY_TIMESTAMPS,
  compare,
  defineRegister,
  equals,
  holds,
  inList,
  lowerEquals,
  search,
} from './define.js';
import { refuseFutureDates } from './not-future.js';

/**
 * The one definition of review_overdue: an ACTIVE vendor reviewed before whose next_review_due is
 * before today. Never false-or-null: `not (…)` must hold for every other vendor.
 */
export function reviewOverdueSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(vendors.status = 'ACTIVE' and vendors.next_review_due is not null and vendors.next_review_due < ${today}::date)`;
}

/** The one definition of never_reviewed: an ACTIVE vendor without a review date. */
export function neverReviewedSql(): RawBuilder<boolean> {
  return sql<boolean>`(vendors.status = 'ACTIVE' and vendors.last_reviewed_at is null)`;
}

/** The vendors register. Names are unique per organization (case-insensitive) → CONFLICT. */
export const vendorsRepository = defineRegister({
  register: 'vendors',
  computed: { review_overdue: ({ today }) => reviewOverdueSql(today), never_reviewed: neverReviewedSql },
  filters: {
    status: inList('status'),
    risk_tier: inList('risk_tier'),
    category: lowerEquals('category'),
    owner: lowerEquals('owner'),
    query: search('name', 'description'),
    processes_personal_data: equals('processes_personal_data'),
    reviewed_before: compare('last_reviewed_at', '<'),
    reviewed_after: compare('last_reviewed_at', '>'),
    review_due_before: compare('next_review_due', '<'),
    review_overdue: holds('review_overdue'),
    never_reviewed: holds('never_reviewed'),
    contract_ends_before: compare('contract_end', '<'),
  },
  order: {
    keys: { name: 'lower', next_review_due: 'nullable', last_reviewed_at: 'nullable', ...BY_TIMESTAMPS },
  },
  defaults: {
    risk_tier: 'MEDIUM',
    status: 'ACTIVE',
    processes_personal_data: false,
    review_interval_days: 365,
  },
  check: ({ data, now }) => refuseFutureDates({ now, dates: { last_reviewed_at: data.last_reviewed_at } }),
});

/** The vendors repository's type. */
export type VendorsRepository = ReturnType<typeof vendorsRepository>;
