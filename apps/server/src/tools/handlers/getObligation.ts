// Created by `npm run generate` from specs/tools/getObligation.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get an obligation. */
export const getObligation: ToolHandler<'getObligation'> = async () => notImplemented('getObligation');
