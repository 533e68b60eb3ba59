// Created by `npm run generate` from specs/tools/addVendor.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/** Add a vendor. */
export const addVendor: ToolHandler<'addVendor'> = (ctx, args) =>
  ctx.storage.vendors.create(toCreateParams({ ctx, args }));
