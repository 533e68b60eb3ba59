// Created by `npm run generate` from specs/tools/addRisk.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Add a risk. */
export const addRisk: ToolHandler<'addRisk'> = async () => notImplemented('addRisk');
