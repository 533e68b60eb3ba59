// Created by `npm run generate` from specs/tools/updateObligation.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/** Update an obligation. */
export const updateObligation: ToolHandler<'updateObligation'> = (ctx, args) =>
  ctx.storage.obligations.update(toUpdateParams({ ctx, args }));
