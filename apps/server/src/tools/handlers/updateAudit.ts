// Created by `npm run generate` from specs/tools/updateAudit.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Update an audit. */
export const updateAudit: ToolHandler<'updateAudit'> = async () => notImplemented('updateAudit');
