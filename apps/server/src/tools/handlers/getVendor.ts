// Created by `npm run generate` from specs/tools/getVendor.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord } from '../registers.js';

/** Get a vendor. */
export const getVendor: ToolHandler<'getVendor'> = (ctx, args) =>
  getRecord({ ctx, args, kind: 'vendor', get: ctx.storage.vendors.get });
