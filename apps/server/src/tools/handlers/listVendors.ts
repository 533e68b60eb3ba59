// Created by `npm run generate` from specs/tools/listVendors.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** List vendors. */
export const listVendors: ToolHandler<'listVendors'> = async () => notImplemented('listVendors');
