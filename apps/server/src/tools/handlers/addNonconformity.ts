// Created by `npm run generate` from specs/tools/addNonconformity.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/** Add a nonconformity. */
export const addNonconformity: ToolHandler<'addNonconformity'> = (ctx, args) =>
  ctx.storage.nonconformities.create(toCreateParams({ ctx, args }));
