import type { ControlRef, DocumentAcknowledgement, DocumentVersion } from '@comply/schemas';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { isoTimestampSql } from '../../audit/audited-statement.js';

/**
 * The computed fields of a document (docs/data-model.md, Documents), as SQL over a `documents`
 * row. Approvers and acknowledgements count only people who are still members of the document's
 * organization: someone who left neither blocks an approval nor counts towards coverage.
 */

/** The document's approvers who are still members, as `da` joined to users `u`. */
const approversFrom = sql`document_approvers da
  join memberships am on am.user_id = da.user_id and am.organization_id = documents.organization_id
  join users u on u.id = da.user_id
  where da.document_id = documents.id`;

/** Every (still member) approver approved version `v`, and there is at least one approver. */
const approvedSql = sql<SqlBool>`(exists (select 1 from ${approversFrom})
  and not exists (select 1 from ${approversFrom} and not exists (
    select 1 from document_approvals a
    where a.document_id = v.document_id and a.version = v.version and a.user_id = da.user_id)))`;

export const approversJson = sql<
  string[]
>`(select coalesce(jsonb_agg(u.email order by lower(u.email)), '[]'::jsonb)
  from ${approversFrom})`;

export const controlsJson = sql<ControlRef[]>`(select coalesce(jsonb_agg(jsonb_build_object(
    'framework_id', dc.framework_id, 'control_code', dc.control_code) order by dc.framework_id, dc.control_code), '[]'::jsonb)
  from document_controls dc where dc.document_id = documents.id)`;

export const measureIdsJson = sql<
  string[]
>`(select coalesce(jsonb_agg(dm.measure_id order by dm.measure_id), '[]'::jsonb)
  from document_measures dm where dm.document_id = documents.id)`;

export const contentSql = sql<string | null>`(select v.content from document_versions v
  where v.document_id = documents.id and v.version = documents.current_version)`;

export const versionsJson = sql<DocumentVersion[]>`(select coalesce(jsonb_agg(jsonb_build_object(
    'version', v.version,
    'content_hash', v.content_hash,
    'change_note', v.change_note,
    'evidence_id', v.evidence_id,
    'file', case when v.evidence_id is null then null else jsonb_build_object(
      'revision', v.evidence_revision, 'filename', v.filename, 'media_type', v.media_type,
      'size', v.size, 'sha256', v.content_hash,
      'uploaded_at', ${isoTimestampSql('v', 'file_uploaded_at')}) end,
    'author', (select au.email from users au where au.id = v.author_user_id),
    'created_at', ${isoTimestampSql('v', 'created_at')},
    'approvals', (select coalesce(jsonb_agg(jsonb_build_object(
        'approver', pu.email, 'content_hash', a.content_hash, 'approved_at', ${isoTimestampSql('a', 'approved_at')})
        order by a.approved_at, pu.email), '[]'::jsonb)
      from document_approvals a join users pu on pu.id = a.user_id
      where a.document_id = v.document_id and a.version = v.version),
    'approved', ${approvedSql}) order by v.version desc), '[]'::jsonb)
  from document_versions v where v.document_id = documents.id)`;

/** Acknowledgements of the published version by people who are still members, as `k`. */
const acknowledgedFrom = sql`document_acknowledgements k
  join memberships km on km.user_id = k.user_id and km.organization_id = documents.organization_id
  join users ku on ku.id = k.user_id
  where k.document_id = documents.id and k.version = documents.published_version`;

export const acknowledgementsJson = sql<
  DocumentAcknowledgement[]
>`(select coalesce(jsonb_agg(jsonb_build_object(
    'member', ku.email, 'version', k.version, 'acknowledged_at', ${isoTimestampSql('k', 'acknowledged_at')})
    order by k.acknowledged_at, ku.email), '[]'::jsonb)
  from ${acknowledgedFrom})`;

// An auditor is outside the organization's policies (and reads only): not in the denominator.
const memberCount = sql<number>`(select count(*)::int from memberships mc
  where mc.organization_id = documents.organization_id and mc.role <> 'AUDITOR')`;

const acknowledgedCount = sql<number>`(select count(*)::int from ${acknowledgedFrom})`;

export const memberCountSql = memberCount;
export const acknowledgedCountSql = acknowledgedCount;

/** Percent of members who acknowledged the published version, rounded down to one decimal. */
export const coverageSql = sql<number>`(case when ${memberCount} = 0 then 0::float8
  else floor(${acknowledgedCount} * 1000.0 / ${memberCount}) / 10 end)::float8`;

/** next_review_due has passed and the document is still in use. */
export const reviewOverdueSql = (today: string): RawBuilder<boolean> =>
  sql<boolean>`(documents.next_review_due is not null and documents.next_review_due < ${today}::date
    and documents.status <> 'RETIRED')`;
