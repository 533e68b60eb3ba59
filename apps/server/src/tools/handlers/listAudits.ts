// Created by `npm run generate` from specs/tools/listAudits.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** List audits. */
export const listAudits: ToolHandler<'listAudits'> = async (ctx, args) =>
  toListOutput({ key: 'audits', page: await ctx.storage.audits.list(toListParams({ ctx, args })) });
