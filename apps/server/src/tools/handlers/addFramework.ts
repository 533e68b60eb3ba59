// Created by `npm run generate` from specs/tools/addFramework.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/** Add a framework. */
export const addFramework: ToolHandler<'addFramework'> = (ctx, args) =>
  ctx.storage.frameworks.create(toCreateParams({ ctx, args }));
