import { invalidInput } from '../errors.js';
import { BY_TIMESTAMPS, compare, defineRegister, inList, search } from './define.js';
import { latestDate } from './not-future.js';

/** A review may be planned for any day; once HELD its review_date is not in the future. */
function checkHeld(args: { status: unknown; reviewDate: unknown; now: string }): void {
  if (args.status !== 'HELD' || typeof args.reviewDate !== 'string') return;
  const latest = latestDate(new Date(args.now));
  if (args.reviewDate > latest) {
    throw invalidInput(
      'review_date',
      `\`review_date\` ${args.reviewDate} is in the future; a HELD review was held by today (${latest}). Keep it PLANNED until it is held.`,
    );
  }
}

/** The management reviews register (ISO 27001 clause 9.3). */
export const managementReviewsRepository = defineRegister({
  register: 'management_reviews',
  filters: {
    status: inList('status'),
    held_before: compare('review_date', '<'),
    held_after: compare('review_date', '>'),
    query: search('title', 'decisions'),
  },
  order: {
    keys: { review_date: 'column', title: 'lower', next_review_due: 'nullable', ...BY_TIMESTAMPS },
  },
  defaults: { status: 'PLANNED' },
  values: ({ values, now }) => {
    checkHeld({ status: values.status, reviewDate: values.review_date, now });
    return values;
  },
  // A changed status or date is checked against the other as the record has it.
  needsTransaction: (input, write) =>
    write === 'update' && (input.status !== undefined || input.review_date !== undefined),
  patchColumns: ({ before, columns, now }) => {
    const pick = (field: 'status' | 'review_date') => (field in columns ? columns[field] : before[field]);
    checkHeld({ status: pick('status'), reviewDate: pick('review_date'), now });
    return columns;
  },
});

/** The management reviews repository's type. */
export type ManagementReviewsRepository = ReturnType<typeof managementReviewsRepository>;
