import type { Audit, Framework, Measure, Nonconformity, Organization, Risk, TestRun } from '@comply/client';
import type { CatalogControl, MappingRelationship } from '../types.js';

// Plain inputs of the exporters: the fields of Comply's records as the tools return them (the
// client's record types), timestamps ISO 8601 UTC, dates YYYY-MM-DD. Nothing here reads storage.

/** The organization the document describes. `updated_at` dates a document that has no other record. */
export type OrganizationInput = Pick<Organization, 'id' | 'name'> & { updated_at?: string };

/** A framework record. */
export type FrameworkInput = Pick<Framework, 'id' | 'name' | 'version' | 'description' | 'updated_at'>;

/** A measure (Comply's implemented control) with its evidence and the framework controls it satisfies. */
export type MeasureInput = Pick<
  Measure,
  'id' | 'name' | 'description' | 'state' | 'owner' | 'updated_at' | 'evidence' | 'controls'
>;

/** An audit. */
export type AuditInput = Pick<
  Audit,
  | 'id'
  | 'name'
  | 'framework_id'
  | 'kind'
  | 'auditor'
  | 'state'
  | 'start_date'
  | 'end_date'
  | 'report_url'
  | 'notes'
  | 'updated_at'
>;

/** A nonconformity. */
export type NonconformityInput = Omit<
  Nonconformity,
  'organization_id' | 'overdue' | 'created_at' | 'archived_at'
>;

/** A run of a control test, with the test's title. */
export type TestRunInput = Pick<
  TestRun,
  | 'id'
  | 'control_test_id'
  | 'measure_id'
  | 'period_start'
  | 'period_end'
  | 'performed_at'
  | 'samples_tested'
  | 'result'
  | 'exceptions'
  | 'evidence_ids'
  | 'nonconformity_id'
> & { control_test_title: string };

/** A risk. */
export type RiskInput = Pick<
  Risk,
  | 'id'
  | 'name'
  | 'description'
  | 'category'
  | 'owner'
  | 'status'
  | 'treatment'
  | 'inherent_likelihood'
  | 'inherent_impact'
  | 'residual_likelihood'
  | 'residual_impact'
  | 'measure_ids'
  | 'review_date'
  | 'updated_at'
>;

/** A crosswalk entry between controls of two frameworks, by OSCAL control id. */
export interface MappingInput {
  id: string;
  source_framework_id: string;
  target_framework_id: string;
  relationship: MappingRelationship;
  source_ids: string[];
  target_ids: string[];
  remarks: string | null;
  updated_at: string;
}

/** A framework and its controls. `families` (optional) fixes the families' order and keeps empty ones. */
export interface CatalogExportInput {
  organization: OrganizationInput;
  framework: FrameworkInput;
  families?: { id: string; title: string }[];
  controls: CatalogControl[];
}

/** One framework's controls and the measures that implement them. */
export interface SspExportInput {
  organization: OrganizationInput;
  framework: FrameworkInput;
  controls: CatalogControl[];
  measures: MeasureInput[];
  /** Each control's Statement of Applicability decision by code; a control absent is undecided. */
  applicability?: ReadonlyMap<string, { applicable: boolean; justification: string | null }>;
}

/**
 * One framework's controls with their audit readiness, as Comply's storage computes it (the same
 * states getAuditReadiness counts), in document order.
 */
export interface ReadinessInput {
  framework_id: string;
  controls: {
    code: string;
    state: 'READY' | 'GAP' | 'EXCLUDED';
    gap_reasons: string[];
    exclusions: { measure_id: string; measure_name: string; justification: string }[];
  }[];
}

/** Audits, their nonconformities, and the evidence of the measures. */
export interface AssessmentResultsExportInput {
  organization: OrganizationInput;
  frameworks: FrameworkInput[];
  /** Control ids by framework and code, to name the control a nonconformity's measure addresses. */
  controls: { framework_id: string; code: string; oscal_id: string }[];
  measures: MeasureInput[];
  audits: AuditInput[];
  nonconformities: NonconformityInput[];
  /** Each framework's control readiness: one result per framework, one finding per control. */
  readiness: ReadinessInput[];
  /** Runs of the measures' control tests: one observation each (method TEST). */
  testRuns?: TestRunInput[];
}

/** Nonconformities and risks; the exporter keeps the open and untreated ones. */
export interface PoamExportInput {
  organization: OrganizationInput;
  measures: MeasureInput[];
  nonconformities: NonconformityInput[];
  risks: RiskInput[];
}

/** The organization's crosswalks and the frameworks they relate. */
export interface MappingExportInput {
  organization: OrganizationInput;
  frameworks: FrameworkInput[];
  mappings: MappingInput[];
}
