// Created by `npm run generate` from specs/tools/approveStatementOfApplicability.yaml. This file is yours: implement the handler here.
import type { Role } from '../../core/caller.js';
import type { ToolHandler } from '../handler.js';
import { ToolError } from '../handler.js';
import { organizationOf } from '../registers.js';

/** The roles that may approve: those that run the organization (an EDITOR edits, never approves). */
const APPROVER_ROLES: ReadonlySet<Role> = new Set(['OWNER', 'ADMIN']);

/** Approve the Statement of Applicability as the next numbered version (OWNER or ADMIN). */
export const approveStatementOfApplicability: ToolHandler<'approveStatementOfApplicability'> = (
  ctx,
  args,
) => {
  if (!ctx.role || !APPROVER_ROLES.has(ctx.role)) {
    throw new ToolError({
      code: 'FORBIDDEN',
      message: `Approving the Statement of Applicability needs the OWNER or ADMIN role; yours in this organization is ${ctx.role}.`,
    });
  }
  return ctx.storage.soa.approve({
    organizationId: organizationOf(ctx),
    frameworkId: args.framework_id,
    actor: ctx.actor,
    note: args.note,
    idempotencyKey: args.idempotency_key,
  });
};
