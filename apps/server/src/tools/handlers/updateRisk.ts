// Created by `npm run generate` from specs/tools/updateRisk.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Update a risk. */
export const updateRisk: ToolHandler<'updateRisk'> = async () => notImplemented('updateRisk');
