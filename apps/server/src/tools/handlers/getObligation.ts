// Created by `npm run generate` from specs/tools/getObligation.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord } from '../registers.js';

/** Get an obligation. */
export const getObligation: ToolHandler<'getObligation'> = (ctx, args) =>
  getRecord({ ctx, args, kind: 'obligation', get: ctx.storage.obligations.get });
