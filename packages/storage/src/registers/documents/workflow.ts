import { createHash } from 'node:crypto';
import type { DocumentStatus } from '@comply/schemas';
import { sql, type Transaction } from 'kysely';
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

/** Inserts version `version` of a document; versions are never changed afterwards. */
export async function insertVersion(args: {
  trx: Transaction<Database>;
  organizationId: string;
  documentId: string;
  version: number;
  content: string;
  changeNote: string | null | undefined;
  actor: Actor | undefined;
  now: string;
}): Promise<{ version: number; content_hash: string; change_note: string | null }> {
  const row = {
    version: args.version,
    content_hash: contentHash(args.content),
    change_note: args.changeNote?.trim() || null,
  };
  await args.trx
    .insertInto('document_versions')
    .values({
      organization_id: args.organizationId,
      document_id: args.documentId,
      ...row,
      content: args.content,
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
