// Created by `npm run generate` from specs/tools/updateControlApplicability.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Set controls' applicability in the SoA: many controls, one transaction, all or nothing. */
export const updateControlApplicability: ToolHandler<'updateControlApplicability'> = (ctx, args) =>
  ctx.storage.soa.update({
    organizationId: organizationOf(ctx),
    frameworkId: args.framework_id,
    actor: ctx.actor,
    controls: args.controls,
    expectedUpdatedAt: args.expected_updated_at,
  });
