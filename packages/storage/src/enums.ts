import * as shared from '@comply/schemas';
import {
  assetClassificationSchema,
  assetTypeSchema,
  auditKindSchema,
  auditStateSchema,
  controlRelationshipSchema,
  frameworkSourceSchema,
  measureStateSchema,
  mitigationStatusSchema,
  nonconformitySeveritySchema,
  nonconformityStatusSchema,
  obligationSourceSchema,
  obligationStatusSchema,
  riskStatusSchema,
  riskTreatmentSchema,
  roleSchema,
  vendorRiskTierSchema,
  vendorStatusSchema,
} from '@comply/schemas';
import { registers } from '@comply/schemas/registers';

/**
 * The enums of docs/data-model.md. Wire enums come from the generated schemas (specs/types/enums.yaml)
 * so that a value is stated once; the database CHECK constraints are built from these lists.
 * Token scopes and audit sources are storage's own (no tool exposes them as an enum).
 */
export const ROLES = roleSchema.options;
export const TOKEN_SCOPES = ['READ', 'WRITE'] as const;
export const AUDIT_SOURCES = ['mcp', 'rest', 'console', 'cli', 'migration'] as const;
export const RISK_STATUSES = riskStatusSchema.options;
export const RISK_TREATMENTS = riskTreatmentSchema.options;
export const MITIGATION_STATUSES = mitigationStatusSchema.options;
export const VENDOR_RISK_TIERS = vendorRiskTierSchema.options;
export const VENDOR_STATUSES = vendorStatusSchema.options;
export const MEASURE_STATES = measureStateSchema.options;
export const OBLIGATION_SOURCES = obligationSourceSchema.options;
export const OBLIGATION_STATUSES = obligationStatusSchema.options;
export const FRAMEWORK_SOURCES = frameworkSourceSchema.options;
export const CONTROL_RELATIONSHIPS = controlRelationshipSchema.options;
export const NC_SEVERITIES = nonconformitySeveritySchema.options;
export const NC_STATUSES = nonconformityStatusSchema.options;
export const AUDIT_KINDS = auditKindSchema.options;
export const AUDIT_STATES = auditStateSchema.options;
export const ASSET_TYPES = assetTypeSchema.options;
export const ASSET_CLASSIFICATIONS = assetClassificationSchema.options;

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

/** A zod schema as far as this file looks into it: an enum's options, or what a nullable wraps. */
interface Inspectable {
  options?: unknown;
  unwrap?: () => Inspectable;
}

/** The values of an enum field (nullable or optional ones included), or undefined. */
function enumValues(schema: Inspectable | undefined): readonly string[] | undefined {
  for (let s = schema; s; s = s.unwrap?.()) {
    if (Array.isArray(s.options) && s.options.every((v) => typeof v === 'string')) return s.options;
  }
  return undefined;
}

/** `<table>.<field>` → values, for every enum field of every register's record schema. */
function registerEnumColumns(): Record<string, readonly string[]> {
  const schemas = shared as unknown as Record<string, { shape?: Record<string, Inspectable> } | undefined>;
  const columns: Record<string, readonly string[]> = {};
  for (const register of Object.values(registers)) {
    const record = schemas[`${register.record[0]!.toLowerCase()}${register.record.slice(1)}Schema`];
    for (const [field, schema] of Object.entries(record?.shape ?? {})) {
      const values = enumValues(schema);
      if (values) columns[`${register.table}.${field}`] = values;
    }
  }
  return columns;
}

/**
 * Allowed values per `<table>.<column>`, used to phrase CHECK violations: the registers' enum
 * fields read from their record schemas, plus the tables outside the register catalog.
 */
export const ENUM_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  'memberships.role': ROLES,
  'api_tokens.scope': TOKEN_SCOPES,
  'audit_log.source': AUDIT_SOURCES,
  'framework_mappings.relationship': CONTROL_RELATIONSHIPS,
  ...registerEnumColumns(),
};
