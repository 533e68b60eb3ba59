/** Every enum of docs/data-model.md; the database CHECK constraints are built from these lists. */
export const ROLES = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'] as const;
export const TOKEN_SCOPES = ['READ', 'WRITE'] as const;
export const AUDIT_SOURCES = ['mcp', 'rest', 'console', 'cli', 'migration'] as const;
export const RISK_STATUSES = ['OPEN', 'IN_TREATMENT', 'ACCEPTED', 'CLOSED'] as const;
export const RISK_TREATMENTS = ['MITIGATE', 'ACCEPT', 'AVOID', 'TRANSFER'] as const;
export const MITIGATION_STATUSES = ['UNMITIGATED', 'PLANNED', 'PARTIALLY_MITIGATED', 'MITIGATED'] as const;
export const VENDOR_RISK_TIERS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const VENDOR_STATUSES = ['ACTIVE', 'OFFBOARDED'] as const;
export const MEASURE_STATES = ['NOT_STARTED', 'IN_PROGRESS', 'IMPLEMENTED', 'NOT_APPLICABLE'] as const;
export const OBLIGATION_SOURCES = ['LAW', 'REGULATION', 'CONTRACT', 'STANDARD', 'POLICY'] as const;
export const OBLIGATION_STATUSES = ['NON_COMPLIANT', 'PARTIALLY_COMPLIANT', 'COMPLIANT'] as const;
export const FRAMEWORK_SOURCES = ['library', 'oscal', 'manual'] as const;
export const CONTROL_RELATIONSHIPS = [
  'equivalent-to',
  'subset-of',
  'superset-of',
  'intersects-with',
] as const;
export const NC_SEVERITIES = ['MAJOR', 'MINOR', 'OBSERVATION'] as const;
export const NC_STATUSES = ['OPEN', 'IN_PROGRESS', 'CLOSED'] as const;
export const AUDIT_KINDS = ['INTERNAL', 'EXTERNAL'] as const;
export const AUDIT_STATES = ['PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export const ASSET_TYPES = [
  'DATA',
  'SYSTEM',
  'APPLICATION',
  'SERVICE',
  'DEVICE',
  'PEOPLE',
  'FACILITY',
  'OTHER',
] as const;
export const ASSET_CLASSIFICATIONS = ['PUBLIC', 'INTERNAL', 'CONFIDENTIAL', 'RESTRICTED'] as const;

export type Role = (typeof ROLES)[number];
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export type AuditSource = (typeof AUDIT_SOURCES)[number];
export type RiskStatus = (typeof RISK_STATUSES)[number];
export type RiskTreatment = (typeof RISK_TREATMENTS)[number];
export type MitigationStatus = (typeof MITIGATION_STATUSES)[number];
export type VendorRiskTier = (typeof VENDOR_RISK_TIERS)[number];
export type VendorStatus = (typeof VENDOR_STATUSES)[number];
export type MeasureState = (typeof MEASURE_STATES)[number];
export type ObligationSource = (typeof OBLIGATION_SOURCES)[number];
export type ObligationStatus = (typeof OBLIGATION_STATUSES)[number];
export type FrameworkSource = (typeof FRAMEWORK_SOURCES)[number];
export type ControlRelationship = (typeof CONTROL_RELATIONSHIPS)[number];
export type NcSeverity = (typeof NC_SEVERITIES)[number];
export type NcStatus = (typeof NC_STATUSES)[number];
export type AuditKind = (typeof AUDIT_KINDS)[number];
export type AuditState = (typeof AUDIT_STATES)[number];
export type AssetType = (typeof ASSET_TYPES)[number];
export type AssetClassification = (typeof ASSET_CLASSIFICATIONS)[number];

/** Allowed values per `<table>.<column>`, used to phrase CHECK violations. */
export const ENUM_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  'memberships.role': ROLES,
  'api_tokens.scope': TOKEN_SCOPES,
  'audit_log.source': AUDIT_SOURCES,
  'risks.status': RISK_STATUSES,
  'risks.treatment': RISK_TREATMENTS,
  'vendors.risk_tier': VENDOR_RISK_TIERS,
  'vendors.status': VENDOR_STATUSES,
  'measures.state': MEASURE_STATES,
  'obligations.source': OBLIGATION_SOURCES,
  'obligations.status': OBLIGATION_STATUSES,
  'nonconformities.severity': NC_SEVERITIES,
  'nonconformities.status': NC_STATUSES,
  'audits.kind': AUDIT_KINDS,
  'audits.state': AUDIT_STATES,
  'frameworks.source': FRAMEWORK_SOURCES,
  'framework_mappings.relationship': CONTROL_RELATIONSHIPS,
  'assets.type': ASSET_TYPES,
  'assets.classification': ASSET_CLASSIFICATIONS,
};
