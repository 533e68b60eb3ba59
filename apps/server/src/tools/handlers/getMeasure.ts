// Created by `npm run generate` from specs/tools/getMeasure.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get a measure. */
export const getMeasure: ToolHandler<'getMeasure'> = async () => notImplemented('getMeasure');
