// Created by `npm run generate` from specs/tools/approveDocumentVersion.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf, requireRunningRole } from '../registers.js';

/**
 * The caller approves a document version for themself, bound to the content hash they read (OWNER
 * or ADMIN, as for the SoA).
 */
export const approveDocumentVersion: ToolHandler<'approveDocumentVersion'> = (ctx, args) => {
  requireRunningRole(ctx, 'Approving a document');
  return ctx.storage.documents.approve({
    organizationId: organizationOf(ctx),
    id: args.document_id,
    actor: ctx.actor,
    version: args.version,
    contentHash: args.content_hash,
    idempotencyKey: args.idempotency_key,
  });
};
