// Created by `npm run generate` from specs/tools/listObligations.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** List obligations. */
export const listObligations: ToolHandler<'listObligations'> = async (ctx, args) =>
  toListOutput({ key: 'obligations', page: await ctx.storage.obligations.list(toListParams({ ctx, args })) });
