// Created by `npm run generate` from specs/tools/approveStatementOfApplicability.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf, requireRunningRole } from '../registers.js';

/**
 * Approve the Statement of Applicability as the next numbered version (OWNER or ADMIN: an EDITOR
 * edits, never approves).
 */
export const approveStatementOfApplicability: ToolHandler<'approveStatementOfApplicability'> = (
  ctx,
  args,
) => {
  requireRunningRole(ctx, 'Approving the Statement of Applicability');
  return ctx.storage.soa.approve({
    organizationId: organizationOf(ctx),
    frameworkId: args.framework_id,
    actor: ctx.actor,
    note: args.note,
    idempotencyKey: args.idempotency_key,
  });
};
