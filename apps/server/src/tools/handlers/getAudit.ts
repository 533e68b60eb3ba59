// Created by `npm run generate` from specs/tools/getAudit.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get an audit. */
export const getAudit: ToolHandler<'getAudit'> = async () => notImplemented('getAudit');
