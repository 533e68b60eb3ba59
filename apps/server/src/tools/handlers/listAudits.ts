// Created by `npm run generate` from specs/tools/listAudits.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** List audits. */
export const listAudits: ToolHandler<'listAudits'> = async () => notImplemented('listAudits');
