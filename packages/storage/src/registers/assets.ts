import { type RawBuilder, sql } from 'kysely';
import { BY_TIMESTAMPS, defineRegister, equals, holds, inList, lowerEquals, search } from './define.js';
import { refuseFutureDates } from './not-future.js';

/**
 * The one definition of an asset's review_overdue, as for vendors: reviewed before and past
 * next_review_due. Never null, so `not (…)` holds for every other asset.
 */
export function assetReviewOverdueSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(assets.next_review_due is not null and assets.next_review_due < ${today}::date)`;
}

/** The one definition of an asset's never_reviewed: no review date yet. */
export function assetNeverReviewedSql(): RawBuilder<boolean> {
  return sql<boolean>`(assets.last_reviewed_at is null)`;
}

/** The assets register. Names are unique per organization (case-insensitive) → CONFLICT. */
export const assetsRepository = defineRegister({
  register: 'assets',
  computed: {
    review_overdue: ({ today }) => assetReviewOverdueSql(today),
    never_reviewed: assetNeverReviewedSql,
  },
  filters: {
    type: inList('type'),
    classification: inList('classification'),
    owner: lowerEquals('owner'),
    query: search('name', 'description', 'location'),
    vendor_id: equals('vendor_id'),
    review_overdue: holds('review_overdue'),
    never_reviewed: holds('never_reviewed'),
  },
  order: {
    keys: { name: 'lower', next_review_due: 'nullable', last_reviewed_at: 'nullable', ...BY_TIMESTAMPS },
  },
  defaults: { classification: 'INTERNAL', review_interval_days: 365 },
  refs: { vendor_id: 'vendors' },
  check: ({ data, now }) => refuseFutureDates({ now, dates: { last_reviewed_at: data.last_reviewed_at } }),
});
