// Created by `npm run generate` from specs/tools/getStatementOfApplicability.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Get the Statement of Applicability: the current one, or an approved version, page by page. */
export const getStatementOfApplicability: ToolHandler<'getStatementOfApplicability'> = (ctx, args) =>
  ctx.storage.soa.get({
    organizationId: organizationOf(ctx),
    frameworkId: args.framework_id,
    version: args.version,
    filters: { applicability: args.applicability, status: args.status },
    pageSize: args.page_size,
    cursor: args.cursor,
  });
