import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';
import { acceptedOnlyThroughAcceptance } from '../risk-acceptance-rule.js';

/** Add a risk; never ACCEPTED (a risk is accepted by acceptRisk, with a record of who and why). */
export const addRisk: ToolHandler<'addRisk'> = (ctx, args) => {
  if (args.status === 'ACCEPTED') throw acceptedOnlyThroughAcceptance('addRisk');
  return ctx.storage.risks.create(toCreateParams({ ctx, args }));
};
