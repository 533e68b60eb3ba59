// Created by `npm run generate` from specs/tools/listAssets.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** List assets. */
export const listAssets: ToolHandler<'listAssets'> = async (ctx, args) =>
  toListOutput({ key: 'assets', page: await ctx.storage.assets.list(toListParams({ ctx, args })) });
