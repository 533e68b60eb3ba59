// Created by `npm run generate` from specs/tools/getComplianceReport.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get the compliance report. */
export const getComplianceReport: ToolHandler<'getComplianceReport'> = async () =>
  notImplemented('getComplianceReport');
