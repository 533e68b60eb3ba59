import type { GapMeasure as GapMeasureWithState, ToolOutputs } from '@comply/schemas';

export type {
  ControlReadiness,
  EvidenceDue,
  FamilyReadiness,
  FrameworkCoverage,
  HighPriorityRisk,
  OverdueNonconformity,
  OverdueObligation,
  UpcomingAudit,
  VendorReviewItem,
} from '@comply/schemas';

/** A list capped at top N: `omitted` = `count` − `items.length`. */
export interface CappedList<T> {
  count: number;
  items: T[];
  omitted: number;
}

/** Options of getComplianceReport (wire defaults: 15, 90, 10). */
export interface ComplianceReportOptions {
  organizationId: string;
  /** Risks with residual_score above this are high priority (default 15). */
  highPriorityThreshold?: number | undefined;
  /** Window for upcoming audits, in days (default 90). */
  upcomingWithinDays?: number | undefined;
  /** Window for evidence.expiring, in days (default 30). */
  evidenceExpiringWithinDays?: number | undefined;
  /** Maximum items in each capped list (default 10). */
  topN?: number | undefined;
}

/** A linked measure in a readiness gap: its first control codes and how many it has. */
export type GapMeasure = Omit<GapMeasureWithState, 'state'>;

/** getComplianceReport's output as its spec declares it. */
export type ComplianceReport = ToolOutputs['getComplianceReport'];

/** getAuditReadiness's output as its spec declares it (bounded for any framework size). */
export type AuditReadiness = ToolOutputs['getAuditReadiness'];
