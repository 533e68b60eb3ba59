// Created by `npm run generate` from specs/tools/approveDocumentVersion.yaml. This file is yours: implement the handler here.
import type { Role } from '../../core/caller.js';
import type { ToolHandler } from '../handler.js';
import { ToolError } from '../handler.js';
import { organizationOf } from '../registers.js';

/** The roles that may approve: those that run the organization (as for the SoA). */
const APPROVER_ROLES: ReadonlySet<Role> = new Set(['OWNER', 'ADMIN']);

/** The caller approves a document version for themself, bound to the content hash they read. */
export const approveDocumentVersion: ToolHandler<'approveDocumentVersion'> = (ctx, args) => {
  if (!ctx.role || !APPROVER_ROLES.has(ctx.role)) {
    throw new ToolError({
      code: 'FORBIDDEN',
      message: `Approving a document needs the OWNER or ADMIN role; yours in this organization is ${ctx.role}.`,
    });
  }
  return ctx.storage.documents.approve({
    organizationId: organizationOf(ctx),
    id: args.document_id,
    actor: ctx.actor,
    version: args.version,
    contentHash: args.content_hash,
    idempotencyKey: args.idempotency_key,
  });
};
