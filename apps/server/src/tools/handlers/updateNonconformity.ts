// Created by `npm run generate` from specs/tools/updateNonconformity.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/** Update a nonconformity. */
export const updateNonconformity: ToolHandler<'updateNonconformity'> = (ctx, args) =>
  ctx.storage.nonconformities.update(toUpdateParams({ ctx, args }));
