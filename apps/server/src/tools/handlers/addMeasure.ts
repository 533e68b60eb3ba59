// Created by `npm run generate` from specs/tools/addMeasure.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Add a measure. */
export const addMeasure: ToolHandler<'addMeasure'> = async () => notImplemented('addMeasure');
