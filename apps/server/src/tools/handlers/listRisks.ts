// Created by `npm run generate` from specs/tools/listRisks.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** List risks. */
export const listRisks: ToolHandler<'listRisks'> = async () => notImplemented('listRisks');
