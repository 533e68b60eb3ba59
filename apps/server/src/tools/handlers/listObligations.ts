// Created by `npm run generate` from specs/tools/listObligations.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** List obligations. */
export const listObligations: ToolHandler<'listObligations'> = async () => notImplemented('listObligations');
