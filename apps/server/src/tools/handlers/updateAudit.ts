// Created by `npm run generate` from specs/tools/updateAudit.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/** Update an audit. */
export const updateAudit: ToolHandler<'updateAudit'> = (ctx, args) =>
  ctx.storage.audits.update(toUpdateParams({ ctx, args }));
