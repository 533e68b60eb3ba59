// Created by `npm run generate` from specs/tools/updateMeasure.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/** Update a measure. */
export const updateMeasure: ToolHandler<'updateMeasure'> = (ctx, args) =>
  ctx.storage.measures.update(toUpdateParams({ ctx, args }));
