import type { TaskKind } from '@comply/schemas';
import { type RawBuilder, sql } from 'kysely';
import { validUntilSql } from '../measures/validity.js';

/**
 * One kind of date Comply holds that tasks are generated from. `rows` selects, for one
 * organization, every record of `table` whose date currently asks for a task (one row per record:
 * generation reads them a window of `table`'s ids at a time), with the columns
 * `source_id` (the record whose date it is), `subject_id` (the record the task is about), `due_date`,
 * `title` and `owner` (free text matched against members' e-mail addresses and names to pick an
 * assignee). A record that drops out of `rows`, or whose date changes, has its open task closed.
 *
 * Adding a source (a document's review date, a control test's next run …) is one entry here.
 */
export interface TaskSource {
  /** Shown in a generated task's `source`: the table and column the date comes from. */
  name: string;
  kind: TaskKind;
  /** The table whose ids `source_id` takes (with organization_id): generation's windows are its ids. */
  table: string;
  rows: (organizationId: string) => RawBuilder<unknown>;
}

/** Every source of generated tasks, in the order they are generated. */
export const TASK_SOURCES: readonly TaskSource[] = [
  {
    // The measure's evidence with the latest validity: new evidence moves the date on.
    name: 'evidence.valid_until',
    kind: 'EVIDENCE_RENEWAL',
    table: 'measures',
    rows: (org) => sql`select m.id as source_id, m.id as subject_id,
        max(${validUntilSql('e')}) as due_date, 'Renew evidence: ' || m.name as title, m.owner
      from measures m
        join evidence_measures em on em.organization_id = m.organization_id and em.measure_id = m.id
        join evidence e on e.organization_id = em.organization_id and e.id = em.evidence_id
      where m.organization_id = ${org} and m.state <> 'NOT_APPLICABLE'
        and m.archived_at is null and e.archived_at is null
      group by m.id, m.name, m.owner`,
  },
  {
    name: 'vendors.next_review_due',
    kind: 'VENDOR_REVIEW',
    table: 'vendors',
    rows: (org) => sql`select id as source_id, id as subject_id, next_review_due as due_date,
        'Review vendor: ' || name as title, owner
      from vendors where organization_id = ${org} and status = 'ACTIVE' and next_review_due is not null`,
  },
  {
    // An asset review checks who has access to it and that its classification still holds.
    name: 'assets.next_review_due',
    kind: 'ACCESS_REVIEW',
    table: 'assets',
    rows: (org) => sql`select id as source_id, id as subject_id, next_review_due as due_date,
        'Review asset: ' || name as title, owner
      from assets where organization_id = ${org} and next_review_due is not null`,
  },
  {
    // Only the latest HELD review's date counts: holding the next one brings it up to date.
    name: 'management_reviews.next_review_due',
    kind: 'MANAGEMENT_REVIEW',
    table: 'management_reviews',
    rows: (org) => sql`select * from (select id as source_id, id as subject_id, next_review_due as due_date,
        'Hold the next management review' as title, owner
      from management_reviews where organization_id = ${org} and status = 'HELD'
      order by review_date desc, id desc limit 1) latest where due_date is not null`,
  },
  {
    // Set on publication from the review cycle; a new publication moves it on.
    name: 'documents.next_review_due',
    kind: 'DOCUMENT_REVIEW',
    table: 'documents',
    rows: (org) => sql`select id as source_id, id as subject_id, next_review_due as due_date,
        'Review document: ' || title as title, owner
      from documents where organization_id = ${org} and status <> 'RETIRED' and archived_at is null
        and next_review_due is not null`,
  },
  {
    // The next run of an active test: one frequency after the end of the last period tested (after
    // the test's creation before any run), so recording a run moves the date on.
    name: 'control_tests.frequency',
    kind: 'CONTROL_TEST',
    table: 'control_tests',
    rows: (org) => sql`select t.id as source_id, t.id as subject_id,
        (coalesce(max(r.period_end), (t.created_at at time zone 'UTC')::date) + case t.frequency
          when 'WEEKLY' then interval '7 days' when 'MONTHLY' then interval '1 month'
          when 'QUARTERLY' then interval '3 months' when 'SEMI_ANNUALLY' then interval '6 months'
          else interval '1 year' end)::date as due_date,
        'Run control test: ' || t.title as title, t.owner
      from control_tests t
        left join control_test_runs r on r.organization_id = t.organization_id and r.control_test_id = t.id
      where t.organization_id = ${org} and t.status = 'ACTIVE' and t.archived_at is null
      group by t.id, t.title, t.owner, t.frequency, t.created_at`,
  },
  {
    name: 'nonconformities.due_date',
    kind: 'CORRECTIVE_ACTION',
    table: 'nonconformities',
    rows: (org) => sql`select id as source_id, id as subject_id, due_date,
        'Corrective action: ' || reference || ' ' || title as title, owner
      from nonconformities where organization_id = ${org} and status <> 'CLOSED' and due_date is not null`,
  },
];

/** Every source's rows (or `sources`') for one organization, with `source` and `kind` columns added. */
export function sourceRowsSql(
  organizationId: string,
  sources: readonly TaskSource[] = TASK_SOURCES,
): RawBuilder<unknown> {
  return sql.join(
    sources.map(
      (s) =>
        sql`select ${s.name}::text as source, ${s.kind}::text as kind, r.source_id, r.subject_id,
          r.due_date::date as due_date, left(r.title, 200) as title, r.owner
        from (${s.rows(organizationId)}) r`,
    ),
    sql` union all `,
  );
}
