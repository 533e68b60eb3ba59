// Created by `npm run generate` from specs/tools/getMeasure.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord } from '../registers.js';

/** Get a measure. */
export const getMeasure: ToolHandler<'getMeasure'> = (ctx, args) =>
  getRecord({ ctx, args, kind: 'measure', get: ctx.storage.measures.get });
