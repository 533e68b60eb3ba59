// Created by `npm run generate` from specs/tools/addAudit.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/** Add an audit. */
export const addAudit: ToolHandler<'addAudit'> = (ctx, args) =>
  ctx.storage.audits.create(toCreateParams({ ctx, args }));
