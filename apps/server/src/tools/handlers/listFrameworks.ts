// Created by `npm run generate` from specs/tools/listFrameworks.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** List frameworks. */
export const listFrameworks: ToolHandler<'listFrameworks'> = async (ctx, args) =>
  toListOutput({ key: 'frameworks', page: await ctx.storage.frameworks.list(toListParams({ ctx, args })) });
