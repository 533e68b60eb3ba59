// Created by `npm run generate` from specs/tools/updateRisk.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/** Update a risk. */
export const updateRisk: ToolHandler<'updateRisk'> = (ctx, args) =>
  ctx.storage.risks.update(toUpdateParams({ ctx, args }));
