// Created by `npm run generate` from specs/tools/addAudit.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Add an audit. */
export const addAudit: ToolHandler<'addAudit'> = async () => notImplemented('addAudit');
