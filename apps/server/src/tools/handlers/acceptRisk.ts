import type { AcceptingRole } from '@comply/storage';
import type { Role } from '../../core/caller.js';
import type { ToolHandler } from '../handler.js';
import { ToolError } from '../handler.js';
import { organizationOf } from '../registers.js';

/** The roles that may accept a risk: those that run the organization (an EDITOR proposes, never accepts). */
const ACCEPTING: ReadonlySet<Role> = new Set(['OWNER', 'ADMIN']);

/** Accept a risk: an acceptance record by the caller, and the risk ACCEPTED (OWNER or ADMIN). */
export const acceptRisk: ToolHandler<'acceptRisk'> = (ctx, args) => {
  if (!ctx.role || !ACCEPTING.has(ctx.role)) {
    throw new ToolError({
      code: 'FORBIDDEN',
      message: `Accepting a risk needs the OWNER or ADMIN role; yours in this organization is ${ctx.role}.`,
    });
  }
  return ctx.storage.riskAcceptances.accept({
    organizationId: organizationOf(ctx),
    actor: ctx.actor,
    role: ctx.role as AcceptingRole,
    riskId: args.risk_id,
    rationale: args.rationale,
    conditions: args.conditions,
    expiresOn: args.expires_on,
    idempotencyKey: args.idempotency_key,
  });
};
