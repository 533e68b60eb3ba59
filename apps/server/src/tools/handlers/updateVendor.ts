// Created by `npm run generate` from specs/tools/updateVendor.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Update a vendor. */
export const updateVendor: ToolHandler<'updateVendor'> = async () => notImplemented('updateVendor');
