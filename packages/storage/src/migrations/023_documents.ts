import { documentKindSchema, documentStatusSchema } from '@comply/schemas';
import { sql } from 'kysely';
import { orgChangeTriggers } from './006_change_notify.js';
import { type Migration, oneOf, run } from './types.js';

/**
 * Controlled documents (policies, procedures …): the register's table, its links to controls and
 * measures, its named approvers, its versions (immutable: a trigger refuses any UPDATE or DELETE),
 * approvals bound to a version's content hash by a foreign key, and members' acknowledgements.
 */
export const documents: Migration = {
  version: 23,
  name: 'documents',
  up: async (trx) => {
    await run(trx, [
      sql`create table documents (
        id text primary key,
        organization_id text not null references organizations (id),
        title text not null constraint documents_title_check check (char_length(title) between 1 and 200),
        kind text not null check (kind in ${oneOf(documentKindSchema.options)}),
        status text not null check (status in ${oneOf(documentStatusSchema.options)}),
        description text,
        owner text,
        review_interval_months integer check (review_interval_months between 1 and 60),
        next_review_due date,
        current_version integer check (current_version >= 1),
        published_version integer check (published_version >= 1 and published_version <= current_version),
        published_at timestamptz,
        archived_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint documents_org_id_key unique (organization_id, id),
        constraint documents_published_check check (status <> 'PUBLISHED' or published_version is not null))`,
      sql`create index documents_title_idx on documents (organization_id, lower(title), id)`,
      sql`create index documents_next_idx on documents (organization_id, next_review_due, id)`,
      sql`create index documents_created_idx on documents (organization_id, created_at, id)`,
      sql`create index documents_updated_idx on documents (organization_id, updated_at, id)`,
      sql`create index documents_status_idx on documents (organization_id, status)`,
      sql`create table document_controls (
        organization_id text not null,
        document_id text not null,
        framework_id text not null,
        control_code text not null,
        primary key (document_id, framework_id, control_code),
        constraint document_controls_document_fkey foreign key (organization_id, document_id)
          references documents (organization_id, id),
        constraint document_controls_control_fkey foreign key (organization_id, framework_id, control_code)
          references framework_controls (organization_id, framework_id, code))`,
      sql`create table document_measures (
        organization_id text not null,
        document_id text not null,
        measure_id text not null,
        primary key (document_id, measure_id),
        constraint document_measures_document_fkey foreign key (organization_id, document_id)
          references documents (organization_id, id),
        constraint document_measures_measure_fkey foreign key (organization_id, measure_id)
          references measures (organization_id, id))`,
      sql`create index document_measures_measure_idx on document_measures (measure_id)`,
      sql`create table document_approvers (
        organization_id text not null,
        document_id text not null,
        user_id text not null references users (id),
        primary key (document_id, user_id),
        constraint document_approvers_document_fkey foreign key (organization_id, document_id)
          references documents (organization_id, id))`,
      sql`create table document_versions (
        organization_id text not null,
        document_id text not null,
        version integer not null check (version >= 1),
        content text not null check (char_length(content) between 1 and 100000),
        content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
        change_note text check (char_length(change_note) <= 2000),
        author_user_id text references users (id),
        created_at timestamptz not null,
        primary key (document_id, version),
        constraint document_versions_hash_key unique (document_id, version, content_hash),
        constraint document_versions_document_fkey foreign key (organization_id, document_id)
          references documents (organization_id, id))`,
      sql`create table document_approvals (
        organization_id text not null,
        document_id text not null,
        version integer not null,
        content_hash text not null,
        user_id text not null references users (id),
        approved_at timestamptz not null,
        primary key (document_id, version, user_id),
        constraint document_approvals_version_fkey foreign key (document_id, version, content_hash)
          references document_versions (document_id, version, content_hash),
        constraint document_approvals_document_fkey foreign key (organization_id, document_id)
          references documents (organization_id, id))`,
      sql`create table document_acknowledgements (
        organization_id text not null,
        document_id text not null,
        version integer not null,
        user_id text not null references users (id),
        acknowledged_at timestamptz not null,
        primary key (document_id, version, user_id),
        constraint document_acknowledgements_version_fkey foreign key (document_id, version)
          references document_versions (document_id, version),
        constraint document_acknowledgements_document_fkey foreign key (organization_id, document_id)
          references documents (organization_id, id))`,
      sql`create function comply_document_version_immutable() returns trigger language plpgsql as $$
        begin
          raise exception 'A document version is never changed or removed; add a new version.'
            using errcode = 'check_violation';
        end $$`,
      sql`create trigger document_versions_immutable before update or delete on document_versions
        for each row execute function comply_document_version_immutable()`,
      ...[
        'documents',
        'document_controls',
        'document_measures',
        'document_approvers',
        'document_versions',
        'document_approvals',
        'document_acknowledgements',
      ].flatMap(orgChangeTriggers),
    ]);
  },
};
