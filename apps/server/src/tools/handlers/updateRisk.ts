import type { ToolHandler } from '../handler.js';
import { getRecord, toUpdateParams } from '../registers.js';
import { acceptedOnlyThroughAcceptance } from '../risk-acceptance-rule.js';

/**
 * Update a risk. Setting status ACCEPTED is refused unless the risk already is (a form that sends
 * the status back unchanged is fine): acceptRisk records who accepted it. Moving an ACCEPTED risk
 * to another status ends its acceptance (the acceptance's state becomes ENDED).
 */
export const updateRisk: ToolHandler<'updateRisk'> = async (ctx, args) => {
  if (args.status === 'ACCEPTED') {
    const current = await getRecord({
      ctx,
      args,
      kind: 'risk',
      get: (params) => ctx.storage.risks.get(params),
    });
    if (current.status !== 'ACCEPTED') throw acceptedOnlyThroughAcceptance('updateRisk');
  }
  return ctx.storage.risks.update(toUpdateParams({ ctx, args }));
};
