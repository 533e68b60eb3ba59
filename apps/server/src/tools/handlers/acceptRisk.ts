import type { ToolHandler } from '../handler.js';
import { organizationOf, requireRunningRole } from '../registers.js';

/**
 * Accept a risk: an acceptance record by the caller, and the risk ACCEPTED (OWNER or ADMIN: those
 * that run the organization; an EDITOR proposes, never accepts).
 */
export const acceptRisk: ToolHandler<'acceptRisk'> = (ctx, args) => {
  const role = requireRunningRole(ctx, 'Accepting a risk');
  return ctx.storage.riskAcceptances.accept({
    organizationId: organizationOf(ctx),
    actor: ctx.actor,
    role,
    riskId: args.risk_id,
    rationale: args.rationale,
    conditions: args.conditions,
    expiresOn: args.expires_on,
    idempotencyKey: args.idempotency_key,
  });
};
