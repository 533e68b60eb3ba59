// Created by `npm run generate` from specs/tools/getRisk.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get a risk. */
export const getRisk: ToolHandler<'getRisk'> = async () => notImplemented('getRisk');
