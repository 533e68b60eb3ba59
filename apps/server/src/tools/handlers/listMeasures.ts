// Created by `npm run generate` from specs/tools/listMeasures.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** List measures. */
export const listMeasures: ToolHandler<'listMeasures'> = async () => notImplemented('listMeasures');
