// Created by `npm run generate` from specs/tools/addObligation.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/** Add an obligation. */
export const addObligation: ToolHandler<'addObligation'> = (ctx, args) =>
  ctx.storage.obligations.create(toCreateParams({ ctx, args }));
