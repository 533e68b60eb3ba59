import type { CatalogControl, MappingRelationship } from '../types.js';

// Plain inputs of the exporters: the fields of Comply's records, in their wire names and formats
// (timestamps ISO 8601 UTC, dates YYYY-MM-DD). Callers read them from storage; nothing here does.

/** The organization the document describes. `updated_at` dates a document that has no other record. */
export interface OrganizationInput {
  id: string;
  name: string;
  updated_at?: string;
}

/** A framework record. */
export interface FrameworkInput {
  id: string;
  name: string;
  version: string | null;
  description: string | null;
  updated_at: string;
}

/** One piece of evidence of a measure. */
export interface EvidenceInput {
  id: string;
  title: string;
  url: string | null;
  collected_at: string;
}

/** A measure (Comply's implemented control) with its evidence and the framework controls it satisfies. */
export interface MeasureInput {
  id: string;
  name: string;
  description: string | null;
  state: 'NOT_STARTED' | 'IN_PROGRESS' | 'IMPLEMENTED' | 'NOT_APPLICABLE';
  owner: string | null;
  updated_at: string;
  evidence: EvidenceInput[];
  controls: { framework_id: string; control_code: string }[];
}

/** An audit. */
export interface AuditInput {
  id: string;
  name: string;
  framework_id: string | null;
  kind: 'INTERNAL' | 'EXTERNAL';
  auditor: string | null;
  state: 'PLANNED' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED';
  start_date: string | null;
  end_date: string | null;
  report_url: string | null;
  notes: string | null;
  updated_at: string;
}

/** A nonconformity. */
export interface NonconformityInput {
  id: string;
  reference: string;
  title: string;
  description: string | null;
  severity: 'MAJOR' | 'MINOR' | 'OBSERVATION';
  status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED';
  audit_id: string | null;
  measure_id: string | null;
  date_identified: string;
  root_cause: string | null;
  corrective_action: string | null;
  owner: string | null;
  due_date: string | null;
  closed_at: string | null;
  updated_at: string;
}

/** A risk. */
export interface RiskInput {
  id: string;
  name: string;
  description: string | null;
  category: string | null;
  owner: string | null;
  status: 'OPEN' | 'IN_TREATMENT' | 'ACCEPTED' | 'CLOSED';
  treatment: 'MITIGATE' | 'ACCEPT' | 'AVOID' | 'TRANSFER' | null;
  inherent_likelihood: number;
  inherent_impact: number;
  residual_likelihood: number;
  residual_impact: number;
  measure_ids: string[];
  review_date: string | null;
  updated_at: string;
}

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
