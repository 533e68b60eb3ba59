// Created by `npm run generate` from specs/tools/getOperatingEffectiveness.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Whether each tested control of a framework was tested as often as planned over a period, and passed. */
export const getOperatingEffectiveness: ToolHandler<'getOperatingEffectiveness'> = (ctx, args) =>
  ctx.storage.reports.operatingEffectiveness({
    organizationId: organizationOf(ctx),
    frameworkId: args.framework_id,
    periodStart: args.period_start,
    periodEnd: args.period_end,
  });
