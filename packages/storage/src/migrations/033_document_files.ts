import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * Document versions as vault files (docs/data-model.md, Documents): a version is either Markdown
 * (`content`) or a revision of a FILE evidence record (`evidence_id`, `evidence_revision`), never
 * both. The file's filename, media type, size and SHA-256 are copied at that moment, and the
 * foreign key keeps the revision (revisions are never removed), so a later revision of the
 * evidence changes no version. A file version's `content_hash` is the file's SHA-256.
 */
export const documentFiles: Migration = {
  version: 33,
  name: 'document_files',
  up: async (trx) => {
    await run(trx, [
      sql`alter table document_versions alter column content drop not null`,
      sql`alter table document_versions add column evidence_id text`,
      sql`alter table document_versions add column evidence_revision integer`,
      sql`alter table document_versions add column filename text`,
      sql`alter table document_versions add column media_type text`,
      sql`alter table document_versions add column size integer`,
      sql`alter table document_versions add column file_uploaded_at timestamptz`,
      sql`alter table document_versions add constraint document_versions_file_fkey
        foreign key (evidence_id, evidence_revision) references evidence_files (evidence_id, revision)`,
      sql`alter table document_versions add constraint document_versions_evidence_fkey
        foreign key (organization_id, evidence_id) references evidence (organization_id, id)`,
      sql`alter table document_versions add constraint document_versions_kind_check check (
        (content is not null and evidence_id is null and evidence_revision is null and filename is null
          and media_type is null and size is null and file_uploaded_at is null)
        or (content is null and evidence_id is not null and evidence_revision is not null
          and filename is not null and media_type is not null and size is not null
          and file_uploaded_at is not null))`,
    ]);
  },
};
