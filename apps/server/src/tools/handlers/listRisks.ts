// Created by `npm run generate` from specs/tools/listRisks.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** List risks. */
export const listRisks: ToolHandler<'listRisks'> = async (ctx, args) =>
  toListOutput({ key: 'risks', page: await ctx.storage.risks.list(toListParams({ ctx, args })) });
