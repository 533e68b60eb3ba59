// Created by `npm run generate` from specs/tools/updateFramework.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/** Update a framework. */
export const updateFramework: ToolHandler<'updateFramework'> = (ctx, args) =>
  ctx.storage.frameworks.update(toUpdateParams({ ctx, args }));
