// Created by `npm run generate` from specs/tools/getRisk.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord } from '../registers.js';

/** Get a risk. */
export const getRisk: ToolHandler<'getRisk'> = (ctx, args) =>
  getRecord({ ctx, args, kind: 'risk', get: ctx.storage.risks.get });
