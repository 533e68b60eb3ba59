import type { Document } from '@comply/schemas';
import type { Transaction } from 'kysely';
import { memberRole } from '../../accounts/memberships.js';
import { auditCall } from '../../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../../context.js';
import type { Database } from '../../db/types.js';
import { invalidInput, notFound, StorageError } from '../../errors.js';
import { claimIdempotencyKey } from '../kit.js';
import { APPROVER_ROLES } from './links.js';
import {
  approverCount,
  checkVersionSource,
  currentVersionApproved,
  evidenceFileForVersion,
  insertVersion,
  stateConflict,
} from './workflow.js';

export interface DocumentTarget {
  organizationId: string;
  id: string;
  actor: Actor;
  idempotencyKey?: string | undefined;
}

/** Locks the document for the rest of the transaction; NOT_FOUND alike for missing and foreign. */
async function lockDocument(trx: Transaction<Database>, organizationId: string, id: string) {
  const row = await trx
    .selectFrom('documents')
    .select(['id', 'status', 'current_version', 'published_version'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row)
    throw new StorageError({
      code: 'NOT_FOUND',
      field: 'document_id',
      message: `No document with id ${id}.`,
    });
  return row;
}

/** A retry with a key already used: the document the first call wrote to, if any. */
async function replayed(args: DocumentTarget & { trx: Transaction<Database>; register: string; at: Date }) {
  if (!args.idempotencyKey) return undefined;
  return claimIdempotencyKey({
    trx: args.trx,
    organizationId: args.organizationId,
    register: args.register,
    key: args.idempotencyKey,
    recordId: args.id,
    at: args.at,
  });
}

function forbidden(message: string): StorageError {
  return new StorageError({ code: 'FORBIDDEN', message });
}

/**
 * Writes of a document beyond its register fields: a new version, an approval, an
 * acknowledgement. Each is one transaction with its audit entry (record type `document`) and
 * returns the document as getDocument does.
 */
export function documentActions(args: {
  ctx: StorageContext;
  get: (a: { organizationId: string; id: string }) => Promise<Document | null>;
}) {
  const { ctx } = args;
  const load = async (organizationId: string, id: string): Promise<Document> => {
    const document = await args.get({ organizationId, id });
    if (!document) throw notFound('document', id);
    return document;
  };

  return {
    /** Writes the next version; the document goes back to DRAFT (or IN_REVIEW with `submit`). */
    addVersion: async (
      a: DocumentTarget & {
        content?: string | undefined;
        evidenceId?: string | undefined;
        changeNote?: string | undefined;
        submit?: boolean | undefined;
      },
    ): Promise<Document> => {
      checkVersionSource(a);
      const id = await inTransaction(ctx.db, async (trx) => {
        const doc = await lockDocument(trx, a.organizationId, a.id);
        if (doc.status === 'RETIRED') {
          throw stateConflict(
            'document_id',
            `Document ${a.id} is RETIRED; a retired document takes no new version.`,
          );
        }
        const next = (doc.current_version ?? 0) + 1;
        const previous = await replayed({ ...a, trx, register: 'document_versions', at: ctx.clock() });
        if (previous) return previous;
        if (a.submit && (await approverCount({ trx, documentId: a.id })) === 0) {
          throw invalidInput(
            'submit',
            '`submit` sends the version for review, which needs at least one approver: name them first (updateDocument `approvers`).',
          );
        }
        const file =
          a.evidenceId === undefined
            ? undefined
            : await evidenceFileForVersion({
                trx,
                organizationId: a.organizationId,
                evidenceId: a.evidenceId,
              });
        const at = ctx.clock();
        const now = at.toISOString();
        const version = await insertVersion({
          trx,
          organizationId: a.organizationId,
          documentId: a.id,
          version: next,
          content: a.content,
          file,
          changeNote: a.changeNote,
          actor: a.actor,
          now,
        });
        const status = a.submit ? 'IN_REVIEW' : 'DRAFT';
        await trx
          .updateTable('documents')
          .set({ current_version: next, status, updated_at: now })
          .where('id', '=', a.id)
          .execute();
        await auditCall({
          trx,
          call: a,
          record: ['document', a.id],
          at,
          before: { status: doc.status, current_version: doc.current_version },
          after: { status, current_version: next, version },
        });
        return a.id;
      });
      return load(a.organizationId, id);
    },

    /**
     * The caller approves `version`, which must be the current version of an IN_REVIEW document,
     * as read: `contentHash` must be its hash. The last approval makes the document APPROVED.
     */
    approve: async (a: DocumentTarget & { version: number; contentHash: string }): Promise<Document> => {
      const id = await inTransaction(ctx.db, async (trx) => {
        const doc = await lockDocument(trx, a.organizationId, a.id);
        const userId = a.actor.userId;
        if (!userId) throw forbidden('Only a signed-in member approves, for themself.');
        const approver = await trx
          .selectFrom('document_approvers as da')
          .innerJoin('memberships as m', (join) =>
            join.onRef('m.user_id', '=', 'da.user_id').on('m.organization_id', '=', a.organizationId),
          )
          .select('m.role')
          .where('da.document_id', '=', a.id)
          .where('da.user_id', '=', userId)
          .executeTakeFirst();
        if (!approver || !APPROVER_ROLES.includes(approver.role)) {
          throw forbidden(
            `You are not a named approver of document ${a.id}; an approval is given by each approver for themself (see its \`approvers\`).`,
          );
        }
        const existing = await trx
          .selectFrom('document_approvals')
          .select('content_hash')
          .where('document_id', '=', a.id)
          .where('version', '=', a.version)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (existing && existing.content_hash === a.contentHash) return a.id; // already approved
        if (doc.status !== 'IN_REVIEW') {
          throw stateConflict(
            'document_id',
            `Document ${a.id} is ${doc.status}; approvals are given while it is IN_REVIEW (updateDocument status IN_REVIEW).`,
          );
        }
        if (a.version !== doc.current_version) {
          throw stateConflict(
            'version',
            `Version ${a.version} is not the current version of document ${a.id} (${doc.current_version}); approve the current one.`,
          );
        }
        const stored = await trx
          .selectFrom('document_versions')
          .select('content_hash')
          .where('document_id', '=', a.id)
          .where('version', '=', a.version)
          .executeTakeFirstOrThrow();
        if (stored.content_hash !== a.contentHash) {
          throw stateConflict(
            'content_hash',
            `\`content_hash\` does not match version ${a.version}'s content (${stored.content_hash}); read it again (getDocument) before approving.`,
          );
        }
        const previous = await replayed({ ...a, trx, register: 'document_approvals', at: ctx.clock() });
        if (previous) return previous;
        const at = ctx.clock();
        const now = at.toISOString();
        await trx
          .insertInto('document_approvals')
          .values({
            organization_id: a.organizationId,
            document_id: a.id,
            version: a.version,
            content_hash: a.contentHash,
            user_id: userId,
            approved_at: now,
          })
          .execute();
        const approved = await currentVersionApproved({ trx, documentId: a.id });
        const status = approved ? 'APPROVED' : doc.status;
        await trx.updateTable('documents').set({ status, updated_at: now }).where('id', '=', a.id).execute();
        await auditCall({
          trx,
          call: a,
          record: ['document', a.id],
          at,
          before: { status: doc.status },
          after: { status, approval: { version: a.version, content_hash: a.contentHash } },
        });
        return a.id;
      });
      return load(a.organizationId, id);
    },

    /** The caller acknowledges the published version (`version`, if given, must be it). */
    acknowledge: async (a: DocumentTarget & { version?: number | undefined }): Promise<Document> => {
      const id = await inTransaction(ctx.db, async (trx) => {
        const doc = await lockDocument(trx, a.organizationId, a.id);
        const userId = a.actor.userId;
        if (!userId) throw forbidden('Only a signed-in member acknowledges, for themself.');
        // An auditor is outside the organization's policies (not in the coverage denominator either).
        const role = await memberRole({ db: trx, organizationId: a.organizationId, userId });
        if (!role || role === 'AUDITOR') {
          throw forbidden(
            "Acknowledgements are made by the organization's own members; an AUDITOR makes none.",
          );
        }
        if (doc.status === 'RETIRED') {
          throw stateConflict('document_id', `Document ${a.id} is RETIRED; it asks for no acknowledgement.`);
        }
        if (doc.published_version === null) {
          throw stateConflict('document_id', `Document ${a.id} has no published version to acknowledge yet.`);
        }
        if (a.version !== undefined && a.version !== doc.published_version) {
          throw stateConflict(
            'version',
            `Version ${a.version} is not the published version of document ${a.id} (${doc.published_version}); read and acknowledge that one.`,
          );
        }
        const previous = await replayed({
          ...a,
          trx,
          register: 'document_acknowledgements',
          at: ctx.clock(),
        });
        if (previous) return previous;
        const at = ctx.clock();
        const inserted = await trx
          .insertInto('document_acknowledgements')
          .values({
            organization_id: a.organizationId,
            document_id: a.id,
            version: doc.published_version,
            user_id: userId,
            acknowledged_at: at.toISOString(),
          })
          .onConflict((oc) => oc.doNothing())
          .returning('version')
          .executeTakeFirst();
        if (inserted) {
          await auditCall({
            trx,
            call: a,
            record: ['document', a.id],
            at,
            before: null,
            after: { acknowledgement: { version: doc.published_version } },
          });
        }
        return a.id;
      });
      return load(a.organizationId, id);
    },
  };
}
