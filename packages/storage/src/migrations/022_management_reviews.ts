import { managementReviewStatusSchema } from '@comply/schemas';
import { sql } from 'kysely';
import { orgChangeTriggers } from './006_change_notify.js';
import { type Migration, oneOf, run } from './types.js';

/** Management reviews of the ISMS (ISO 27001 clause 9.3): plain columns, one per wire field. */
export const managementReviews: Migration = {
  version: 22,
  name: 'management_reviews',
  up: async (trx) => {
    await run(trx, [
      sql`create table management_reviews (
        id text primary key,
        organization_id text not null references organizations (id),
        title text not null constraint management_reviews_title_check
          check (char_length(title) between 1 and 200),
        review_date date not null,
        status text not null check (status in ${oneOf(managementReviewStatusSchema.options)}),
        chair text,
        attendees text,
        previous_actions text,
        issue_changes text,
        party_needs text,
        performance text,
        party_feedback text,
        risk_results text,
        improvement text,
        decisions text,
        actions text,
        next_review_due date,
        owner text,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint management_reviews_org_id_key unique (organization_id, id))`,
      sql`create index management_reviews_date_idx on management_reviews (organization_id, review_date, id)`,
      sql`create index management_reviews_title_idx on management_reviews (organization_id, lower(title), id)`,
      sql`create index management_reviews_next_idx on management_reviews (organization_id, next_review_due, id)`,
      sql`create index management_reviews_created_idx on management_reviews (organization_id, created_at, id)`,
      sql`create index management_reviews_updated_idx on management_reviews (organization_id, updated_at, id)`,
      sql`create index management_reviews_status_idx on management_reviews (organization_id, status)`,
      ...orgChangeTriggers('management_reviews'),
    ]);
  },
};
