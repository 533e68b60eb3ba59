// Created by `npm run generate` from specs/tools/updateVendor.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/** Update a vendor. */
export const updateVendor: ToolHandler<'updateVendor'> = (ctx, args) =>
  ctx.storage.vendors.update(toUpdateParams({ ctx, args }));
