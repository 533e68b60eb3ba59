// Created by `npm run generate` from specs/tools/listMeasures.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** List measures. */
export const listMeasures: ToolHandler<'listMeasures'> = async (ctx, args) =>
  toListOutput({ key: 'measures', page: await ctx.storage.measures.list(toListParams({ ctx, args })) });
