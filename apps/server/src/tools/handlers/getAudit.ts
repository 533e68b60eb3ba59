// Created by `npm run generate` from specs/tools/getAudit.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord } from '../registers.js';

/** Get an audit. */
export const getAudit: ToolHandler<'getAudit'> = (ctx, args) =>
  getRecord({ ctx, args, kind: 'audit', get: ctx.storage.audits.get });
