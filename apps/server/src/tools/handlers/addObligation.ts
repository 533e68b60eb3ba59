// Created by `npm run generate` from specs/tools/addObligation.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Add an obligation. */
export const addObligation: ToolHandler<'addObligation'> = async () => notImplemented('addObligation');
