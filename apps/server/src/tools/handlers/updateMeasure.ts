// Created by `npm run generate` from specs/tools/updateMeasure.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Update a measure. */
export const updateMeasure: ToolHandler<'updateMeasure'> = async () => notImplemented('updateMeasure');
