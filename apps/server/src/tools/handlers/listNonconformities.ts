// Created by `npm run generate` from specs/tools/listNonconformities.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** List nonconformities. */
export const listNonconformities: ToolHandler<'listNonconformities'> = async (ctx, args) =>
  toListOutput({
    key: 'nonconformities',
    page: await ctx.storage.nonconformities.list(toListParams({ ctx, args })),
  });
