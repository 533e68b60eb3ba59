// Created by `npm run generate` from specs/tools/getAuditReadiness.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get audit readiness for a framework. */
export const getAuditReadiness: ToolHandler<'getAuditReadiness'> = async () =>
  notImplemented('getAuditReadiness');
