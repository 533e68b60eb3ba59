// Created by `npm run generate` from specs/tools/getComplianceReport.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Get the compliance report. */
export const getComplianceReport: ToolHandler<'getComplianceReport'> = (ctx, args) =>
  ctx.storage.reports.complianceReport({
    organizationId: organizationOf(ctx),
    highPriorityThreshold: args.high_priority_threshold,
    upcomingWithinDays: args.upcoming_within_days,
    evidenceExpiringWithinDays: args.evidence_expiring_within_days,
    topN: args.top_n,
  });
