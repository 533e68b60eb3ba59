// Created by `npm run generate` from specs/tools/getVendor.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get a vendor. */
export const getVendor: ToolHandler<'getVendor'> = async () => notImplemented('getVendor');
