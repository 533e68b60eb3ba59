// Created by `npm run generate` from specs/tools/addMeasure.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/** Add a measure. */
export const addMeasure: ToolHandler<'addMeasure'> = (ctx, args) =>
  ctx.storage.measures.create(toCreateParams({ ctx, args }));
