import type {
  AuditKind,
  AuditState,
  MeasureState,
  MitigationStatus,
  NcSeverity,
  ObligationStatus,
  RiskStatus,
  VendorRiskTier,
} from '../enums.js';

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
  /** Maximum items in each capped list (default 10). */
  topN?: number | undefined;
}

/** A compact high-priority risk. */
export interface HighPriorityRisk {
  id: string;
  name: string;
  status: RiskStatus;
  residual_score: number;
  mitigation_status: MitigationStatus;
  owner: string | null;
}

/** A compact overdue obligation. */
export interface OverdueObligation {
  id: string;
  title: string;
  status: ObligationStatus;
  due_date: string;
  owner: string | null;
}

/** A compact vendor needing review. */
export interface VendorReviewItem {
  id: string;
  name: string;
  risk_tier: VendorRiskTier;
  last_reviewed_at: string | null;
  next_review_due: string | null;
}

/** A compact overdue nonconformity. */
export interface OverdueNonconformity {
  id: string;
  reference: string;
  title: string;
  severity: NcSeverity;
  due_date: string;
}

/** A compact upcoming audit. */
export interface UpcomingAudit {
  id: string;
  name: string;
  kind: AuditKind;
  state: AuditState;
  start_date: string;
}

/** One framework's control coverage. */
export interface FrameworkCoverage {
  id: string;
  name: string;
  control_count: number;
  covered_control_count: number;
  coverage_percent: number;
}

/** getComplianceReport's output (specs/tools/getComplianceReport.yaml). */
export interface ComplianceReport {
  organization_id: string;
  generated_at: string;
  risks: {
    total: number;
    by_status: Record<RiskStatus, number>;
    high_priority: CappedList<HighPriorityRisk>;
  };
  measures: { total: number; by_state: Record<MeasureState, number>; implemented_percent: number };
  obligations: {
    total: number;
    by_status: Record<ObligationStatus, number>;
    overdue: CappedList<OverdueObligation>;
  };
  vendors: {
    total_active: number;
    review_overdue: CappedList<VendorReviewItem>;
    never_reviewed: CappedList<VendorReviewItem>;
  };
  nonconformities: {
    open_by_severity: Record<NcSeverity, number>;
    overdue: CappedList<OverdueNonconformity>;
  };
  audits: { upcoming: CappedList<UpcomingAudit> };
  frameworks: FrameworkCoverage[];
}

/** A control's readiness. */
export type ControlReadiness = 'READY' | 'NO_EVIDENCE' | 'NOT_IMPLEMENTED' | 'NO_MEASURE';

/** One family's readiness. */
export interface FamilyReadiness {
  family: string | null;
  control_count: number;
  ready_count: number;
  no_measure_count: number;
  readiness_percent: number;
}

/** A linked measure in a readiness gap: its first control codes and how many it has. */
export interface GapMeasure {
  id: string;
  name: string;
  control_count: number;
  control_codes: string[];
}

/** getAuditReadiness's output (specs/tools/getAuditReadiness.yaml): bounded for any framework size. */
export interface AuditReadiness {
  framework: { id: string; name: string; version: string | null };
  generated_at: string;
  readiness_percent: number;
  control_count: number;
  status_counts: Record<ControlReadiness, number>;
  covered_via_mapping_count: number;
  families: CappedList<FamilyReadiness>;
  gaps: {
    controls_without_measures: CappedList<{
      code: string;
      title: string;
      family: string | null;
      covered_via_mapping: boolean;
    }>;
    measures_not_implemented: CappedList<GapMeasure & { state: MeasureState }>;
    implemented_without_evidence: CappedList<GapMeasure>;
    open_nonconformities: CappedList<{
      id: string;
      reference: string;
      title: string;
      severity: NcSeverity;
      audit_id: string | null;
    }>;
  };
}
