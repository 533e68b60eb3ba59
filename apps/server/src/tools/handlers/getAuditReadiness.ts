// Created by `npm run generate` from specs/tools/getAuditReadiness.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Get audit readiness for a framework. */
export const getAuditReadiness: ToolHandler<'getAuditReadiness'> = (ctx, args) =>
  ctx.storage.reports.auditReadiness({
    organizationId: organizationOf(ctx),
    frameworkId: args.framework_id,
    topN: args.top_n,
  });
