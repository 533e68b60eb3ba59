// Created by `npm run generate` from specs/tools/addRisk.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/** Add a risk. */
export const addRisk: ToolHandler<'addRisk'> = (ctx, args) =>
  ctx.storage.risks.create(toCreateParams({ ctx, args }));
