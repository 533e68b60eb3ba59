// Created by `npm run generate` from specs/tools/addVendor.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Add a vendor. */
export const addVendor: ToolHandler<'addVendor'> = async () => notImplemented('addVendor');
