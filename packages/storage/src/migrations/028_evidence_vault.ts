import { evidenceKindSchema } from '@comply/schemas';
import { sql } from 'kysely';
import { orgChangeTriggers } from './006_change_notify.js';
import { type Migration, oneOf, run } from './types.js';

/**
 * The evidence vault (docs/data-model.md, "Evidence"): evidence becomes a register of its own.
 *
 * - `evidence`: one record per piece of evidence, kind FILE, URL or TEXT; `evidence_measures`
 *   links it to any number of measures of its organization.
 * - `blobs` / `blob_chunks`: file content, content-addressed per organization (one `blobs` row per
 *   SHA-256, its bytes as ≤ 1 MiB `bytea` chunks), written in the same transaction as the record.
 * - `evidence_files`: a FILE record's revisions; a new file supersedes, the old stays.
 *
 * Every `measure_evidence` row moves into `evidence` with the same id (kind URL when it has a URL,
 * else TEXT with its title as the statement), linked to its measure; then the old table goes, so
 * there is one source of evidence (measures read theirs through `evidence_measures`).
 */
export const evidenceVault: Migration = {
  version: 28,
  name: 'evidence_vault',
  up: async (trx) => {
    await run(trx, [
      sql`create table evidence (
        id text primary key,
        organization_id text not null references organizations (id),
        kind text not null check (kind in ${oneOf(evidenceKindSchema.options)}),
        title text not null constraint evidence_title_check check (char_length(title) between 1 and 200),
        description text,
        url text,
        text text,
        collected_at timestamptz not null,
        valid_until date,
        archived_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint evidence_url_check check (kind <> 'URL' or url is not null),
        constraint evidence_org_id_key unique (organization_id, id))`,
      sql`create index evidence_collected_idx on evidence (organization_id, collected_at, id)`,
      sql`create index evidence_title_idx on evidence (organization_id, lower(title), id)`,
      sql`create index evidence_created_idx on evidence (organization_id, created_at, id)`,
      sql`create index evidence_updated_idx on evidence (organization_id, updated_at, id)`,
      sql`create index evidence_kind_idx on evidence (organization_id, kind)`,
      sql`create table evidence_measures (
        organization_id text not null,
        evidence_id text not null,
        measure_id text not null,
        primary key (evidence_id, measure_id),
        constraint evidence_measures_evidence_fkey foreign key (organization_id, evidence_id)
          references evidence (organization_id, id),
        constraint evidence_measures_measure_fkey foreign key (organization_id, measure_id)
          references measures (organization_id, id))`,
      sql`create index evidence_measures_measure_idx on evidence_measures (measure_id, evidence_id)`,
      sql`create table blobs (
        organization_id text not null references organizations (id),
        sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
        id text not null unique,
        size integer not null check (size >= 0),
        chunks integer not null check (chunks >= 0),
        created_at timestamptz not null,
        primary key (organization_id, sha256))`,
      sql`create table blob_chunks (
        blob_id text not null,
        seq integer not null check (seq >= 0),
        data bytea not null,
        primary key (blob_id, seq))`,
      sql`create table evidence_files (
        organization_id text not null,
        evidence_id text not null,
        revision integer not null check (revision >= 1),
        filename text not null check (char_length(filename) between 1 and 255),
        media_type text not null,
        size integer not null check (size >= 0),
        sha256 text not null,
        uploaded_at timestamptz not null,
        primary key (evidence_id, revision),
        constraint evidence_files_evidence_fkey foreign key (organization_id, evidence_id)
          references evidence (organization_id, id),
        constraint evidence_files_blob_fkey foreign key (organization_id, sha256)
          references blobs (organization_id, sha256))`,
      sql`insert into evidence (id, organization_id, kind, title, url, text, collected_at, valid_until,
          created_at, updated_at)
        select id, organization_id, case when url is null then 'TEXT' else 'URL' end, title, url,
          case when url is null then title end, collected_at, valid_until, created_at, created_at
        from measure_evidence`,
      sql`insert into evidence_measures (organization_id, evidence_id, measure_id)
        select organization_id, id, measure_id from measure_evidence`,
      sql`drop table measure_evidence`,
      ...orgChangeTriggers('evidence'),
      ...orgChangeTriggers('evidence_measures'),
      ...orgChangeTriggers('evidence_files'),
    ]);
  },
};
