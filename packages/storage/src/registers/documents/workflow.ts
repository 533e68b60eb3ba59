import { createHash } from 'node:crypto';
import type { DocumentStatus } from '@comply/schemas';
import { sql, type Transaction } from 'kysely';
import { isoTimestampSql } from '../../audit/audited-statement.js';
import type { Actor } from '../../context.js';
import type { Database } from '../../db/types.js';
import { invalidInput, StorageError } from '../../errors.js';

/**
 * The status changes updateDocument makes (docs/data-model.md, Documents). APPROVED is reached
 * only by approvals (approveDocumentVersion), and a new version sends a document back to DRAFT
 * (addDocumentVersion); RETIRED is final.
 */
export const TRANSITIONS: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = {
  DRAFT: ['IN_REVIEW', 'RETIRED'],
  IN_REVIEW: ['DRAFT', 'RETIRED'],
  APPROVED: ['PUBLISHED', 'DRAFT', 'RETIRED'],
  PUBLISHED: ['RETIRED'],
  RETIRED: [],
};

/** Refuses a status change updateDocument does not make, saying what is allowed. */
export function checkTransition(from: DocumentStatus, to: DocumentStatus): void {
  if (from === to) return;
  if (to === 'APPROVED') {
    throw invalidInput(
      'status',
      '`status` APPROVED is set by approvals: the document becomes APPROVED when every approver has approved its current version (approveDocumentVersion).',
    );
  }
  const allowed = TRANSITIONS[from];
  if (!allowed.includes(to)) {
    const next = allowed.length ? `it may go to ${allowed.join(', ')}` : 'it takes no further change';
    throw invalidInput('status', `\`status\` cannot go from ${from} to ${to}; from ${from} ${next}.`);
  }
}

/** The SHA-256 of a version's content (UTF-8), lower-case hex. */
export function contentHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/** The largest content a version takes, in characters (the column's CHECK says the same). */
export const MAX_CONTENT = 100_000;

/** A FILE evidence revision a version is made of, as it was when the version was written. */
export interface VersionFile {
  evidenceId: string;
  revision: number;
  filename: string;
  mediaType: string;
  size: number;
  sha256: string;
  uploadedAt: string;
}

/**
 * The current file of FILE evidence `evidenceId` of the organization, for a version: NOT_FOUND
 * alike for missing and foreign ids, INVALID_INPUT naming the kind for URL or TEXT evidence.
 */
export async function evidenceFileForVersion(args: {
  trx: Transaction<Database>;
  organizationId: string;
  evidenceId: string;
}): Promise<VersionFile> {
  const evidence = await args.trx
    .selectFrom('evidence')
    .select('kind')
    .where('organization_id', '=', args.organizationId)
    .where('id', '=', args.evidenceId)
    .executeTakeFirst();
  if (!evidence) {
    throw new StorageError({
      code: 'NOT_FOUND',
      field: 'evidence_id',
      message: `No evidence with id ${args.evidenceId}.`,
    });
  }
  if (evidence.kind !== 'FILE') {
    throw invalidInput(
      'evidence_id',
      `Evidence ${args.evidenceId} is ${evidence.kind} evidence; a document version takes FILE evidence (upload the file to the vault first).`,
    );
  }
  const { rows } = await sql<{
    revision: number;
    filename: string;
    media_type: string;
    size: number;
    sha256: string;
    uploaded_at: string;
  }>`select revision, filename, media_type, size, sha256, ${isoTimestampSql('f', 'uploaded_at')} as uploaded_at
    from evidence_files f
    where f.organization_id = ${args.organizationId} and f.evidence_id = ${args.evidenceId}
    order by f.revision desc limit 1`.execute(args.trx);
  const file = rows[0];
  if (!file) {
    throw invalidInput('evidence_id', `Evidence ${args.evidenceId} has no file yet; upload one first.`);
  }
  return {
    evidenceId: args.evidenceId,
    revision: file.revision,
    filename: file.filename,
    mediaType: file.media_type,
    size: Number(file.size),
    sha256: file.sha256,
    uploadedAt: file.uploaded_at,
  };
}

/** Refuses anything but exactly one of `content` and `evidence_id`. */
export function checkVersionSource(args: {
  content?: string | undefined;
  evidenceId?: string | undefined;
}): void {
  if ((args.content === undefined) === (args.evidenceId === undefined)) {
    throw invalidInput(
      args.content === undefined ? 'content' : 'evidence_id',
      'A version is either Markdown `content` or a FILE evidence `evidence_id`: give exactly one of the two.',
    );
  }
}

/**
 * Inserts version `version` of a document, Markdown or a vault file; versions are never changed
 * afterwards. A file version's content hash is the file's SHA-256.
 */
export async function insertVersion(args: {
  trx: Transaction<Database>;
  organizationId: string;
  documentId: string;
  version: number;
  content: string | undefined;
  file?: VersionFile | undefined;
  changeNote: string | null | undefined;
  actor: Actor | undefined;
  now: string;
}): Promise<{ version: number; content_hash: string; change_note: string | null }> {
  const { file } = args;
  const row = {
    version: args.version,
    content_hash: file ? file.sha256 : contentHash(args.content ?? ''),
    change_note: args.changeNote?.trim() || null,
  };
  await args.trx
    .insertInto('document_versions')
    .values({
      organization_id: args.organizationId,
      document_id: args.documentId,
      ...row,
      content: file ? null : (args.content ?? null),
      evidence_id: file?.evidenceId ?? null,
      evidence_revision: file?.revision ?? null,
      filename: file?.filename ?? null,
      media_type: file?.mediaType ?? null,
      size: file?.size ?? null,
      file_uploaded_at: file?.uploadedAt ?? null,
      author_user_id: args.actor?.userId ?? null,
      created_at: args.now,
    })
    .execute();
  return row;
}

/** Whether every (still member) approver approved the document's current version. */
export async function currentVersionApproved(args: {
  trx: Transaction<Database>;
  documentId: string;
}): Promise<boolean> {
  const { rows } = await sql<{ approved: boolean }>`
    select (exists (select 1 from document_approvers da
        join memberships m on m.user_id = da.user_id and m.organization_id = d.organization_id
        where da.document_id = d.id)
      and not exists (select 1 from document_approvers da
        join memberships m on m.user_id = da.user_id and m.organization_id = d.organization_id
        where da.document_id = d.id and not exists (select 1 from document_approvals a
          where a.document_id = d.id and a.version = d.current_version and a.user_id = da.user_id))) as approved
    from documents d where d.id = ${args.documentId}`.execute(args.trx);
  return rows[0]?.approved === true;
}

/** The number of approvers who are still members. */
export async function approverCount(args: {
  trx: Transaction<Database>;
  documentId: string;
}): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from document_approvers da
    join documents d on d.id = da.document_id
    join memberships m on m.user_id = da.user_id and m.organization_id = d.organization_id
    where da.document_id = ${args.documentId}`.execute(args.trx);
  return Number(rows[0]?.n ?? 0);
}

/** `day` (YYYY-MM-DD) plus `months`, the day clamped to the month's last. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** A refusal because of the document's state (409), naming the field. */
export function stateConflict(field: string, message: string): StorageError {
  return new StorageError({ code: 'CONFLICT', field, message });
}
