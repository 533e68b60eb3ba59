// Created by `npm run generate` from specs/tools/listFrameworks.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** List frameworks. */
export const listFrameworks: ToolHandler<'listFrameworks'> = async () => notImplemented('listFrameworks');
