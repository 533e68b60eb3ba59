// Created by `npm run generate` from specs/tools/listVendors.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** List vendors. */
export const listVendors: ToolHandler<'listVendors'> = async (ctx, args) =>
  toListOutput({ key: 'vendors', page: await ctx.storage.vendors.list(toListParams({ ctx, args })) });
