import type { EvidenceFile, EvidenceMismatch } from '@comply/schemas';
import { sql } from 'kysely';
import { isoTimestampSql } from '../audit/audited-statement.js';
import type { StorageContext } from '../context.js';
import { type BlobStore, databaseBlobStore, hashOf } from './blob-store.js';

/** Evidence files: the blob store of an organization, a revision to download, verification. */
export interface EvidenceVaultRepository {
  /** The organization's blob store over this repository's handle (a transaction inside one). */
  blobs(organizationId: string): BlobStore;
  /** A revision of an evidence record's file (the latest when `revision` is omitted), or null. */
  file(args: { organizationId: string; evidenceId: string; revision?: number }): Promise<EvidenceFile | null>;
  /** Which of these contents (SHA-256, hex) the organization's store holds. */
  stored(args: { organizationId: string; sha256s: readonly string[] }): Promise<Set<string>>;
  /**
   * Re-hashes every stored file revision of the organization (or of one evidence record) and
   * reports those whose content no longer matches the SHA-256 and size recorded at upload. Each
   * distinct blob is read once, chunk by chunk.
   */
  verify(args: {
    organizationId: string;
    evidenceId?: string;
  }): Promise<{ checked: number; bytes: number; mismatches: EvidenceMismatch[] }>;
}

export function evidenceVaultRepository(ctx: StorageContext): EvidenceVaultRepository {
  const blobs = (organizationId: string) =>
    databaseBlobStore({ db: ctx.db, organizationId, driver: ctx.driver });
  return {
    blobs,
    async file({ organizationId, evidenceId, revision }) {
      const rows = await sql<EvidenceFile>`select revision, filename, media_type, size, sha256,
          ${isoTimestampSql('f', 'uploaded_at')} as uploaded_at
        from evidence_files f
        where f.organization_id = ${organizationId} and f.evidence_id = ${evidenceId}
          ${revision === undefined ? sql`` : sql`and f.revision = ${revision}`}
        order by f.revision desc limit 1`.execute(ctx.db);
      return rows.rows[0] ?? null;
    },
    async stored({ organizationId, sha256s }) {
      if (sha256s.length === 0) return new Set();
      const rows = await sql<{ sha256: string }>`select sha256 from blobs
        where organization_id = ${organizationId} and sha256 = any(${[...new Set(sha256s)]}::text[])`.execute(
        ctx.db,
      );
      return new Set(rows.rows.map((row) => row.sha256));
    },
    async verify({ organizationId, evidenceId }) {
      const revisions = await sql<{ evidence_id: string; revision: number; sha256: string; size: number }>`
        select evidence_id, revision, sha256, size from evidence_files
        where organization_id = ${organizationId}
          ${evidenceId === undefined ? sql`` : sql`and evidence_id = ${evidenceId}`}
        order by evidence_id, revision`.execute(ctx.db);
      const store = blobs(organizationId);
      const actual = new Map<string, { sha256: string; size: number } | null>();
      let bytes = 0;
      for (const row of revisions.rows) {
        if (actual.has(row.sha256)) continue;
        const content = await store.get(row.sha256);
        const found = content ? await hashOf(content) : null;
        if (found) bytes += found.size;
        actual.set(row.sha256, found);
      }
      const mismatches: EvidenceMismatch[] = [];
      for (const row of revisions.rows) {
        const found = actual.get(row.sha256) ?? null;
        if (found && found.sha256 === row.sha256 && found.size === Number(row.size)) continue;
        mismatches.push({
          evidence_id: row.evidence_id,
          revision: row.revision,
          expected_sha256: row.sha256,
          actual_sha256: found?.sha256 ?? null,
        });
      }
      return { checked: revisions.rows.length, bytes, mismatches };
    },
  };
}
