export type {
  Asset,
  Audit,
  ControlRef,
  Evidence,
  EvidenceInput,
  Measure,
  Nonconformity,
  Obligation,
  Risk,
  Vendor,
} from '@comply/schemas';
export { EXPIRING_ROLE, MAX_AUDITOR_ACCESS_DAYS } from './accounts/access-expiry.js';
export type { SecondFactorState, SsoIdentity, TotpSecret } from './accounts/identity.js';
export type { InvitationPreview, RedeemProblem, RedeemResult } from './accounts/invitation-redeem.js';
export type { Invitation } from './accounts/invitations.js';
export type { Membership } from './accounts/memberships.js';
export type { OAuthPayload } from './accounts/oauth-records.js';
export type { Organization, OrganizationCounts } from './accounts/organizations.js';
export { hashPassword, verifyPassword } from './accounts/passwords.js';
export type { ConsoleSession } from './accounts/sessions.js';
export { hashSecret } from './accounts/token-rows.js';
export type { ApiToken, ApiTokenWithUsage, Authentication } from './accounts/token-types.js';
export { usageHour } from './accounts/token-usage.js';
export { TOKEN_SECRET_PREFIX } from './accounts/tokens.js';
export type { User } from './accounts/users.js';
export type { AuditLogEntry, AuditLogFilters } from './audit/repository.js';
export {
  BLOB_CHUNK_BYTES,
  BLOB_HEAD_BYTES,
  type BlobStore,
  BlobTooLargeError,
  databaseBlobStore,
  type StoredBlob,
} from './blobs/blob-store.js';
export type { EvidenceVaultRepository } from './blobs/vault.js';
export type { Actor } from './context.js';
export { addDays, type Clock, systemClock, toDateString, toIsoTimestamp } from './dates.js';
export { type DriverName, isPostgresUrl } from './db/connect.js';
export { migratedTemplate } from './db/pglite/template.js';
export type { Database, Db } from './db/types.js';
export {
  ASSET_CLASSIFICATIONS,
  ASSET_TYPES,
  type AssetClassification,
  type AssetType,
  AUDIT_KINDS,
  AUDIT_SOURCES,
  AUDIT_STATES,
  type AuditKind,
  type AuditSource,
  type AuditState,
  CONTROL_RELATIONSHIPS,
  type ControlRelationship,
  FRAMEWORK_SOURCES,
  type FrameworkSource,
  MEASURE_STATES,
  type MeasureState,
  MITIGATION_STATUSES,
  type MitigationStatus,
  NC_SEVERITIES,
  NC_STATUSES,
  type NcSeverity,
  type NcStatus,
  OBLIGATION_SOURCES,
  OBLIGATION_STATUSES,
  type ObligationSource,
  type ObligationStatus,
  RISK_STATUSES,
  RISK_TREATMENTS,
  type RiskStatus,
  type RiskTreatment,
  ROLES,
  type Role,
  TOKEN_SCOPES,
  type TokenScope,
  VENDOR_RISK_TIERS,
  VENDOR_STATUSES,
  type VendorRiskTier,
  type VendorStatus,
} from './enums.js';
export { StorageError, type StorageErrorCode } from './errors.js';
export { ID_PREFIXES, type IdKind, newId, ulid } from './ids.js';
export type { AttemptChange, LimitsRepository } from './limits/repository.js';
export { MIGRATIONS, runMigrations } from './migrations/index.js';
export { pendingMigrations } from './migrations/pending.js';
export type { Migration } from './migrations/types.js';
export type { ListParams, Page } from './paging/list.js';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging/list.js';
export type { Direction, OrderBy } from './paging/order.js';
export type { CreateOf, FiltersOf, OrderFieldOf, PatchOf, RecordOf } from './registers/define.js';
export { EVIDENCE_FILE, type EvidenceFileInput, withEvidenceFile } from './registers/evidence.js';
export { type CatalogControlLike, catalogControlInputs } from './registers/frameworks/catalog-controls.js';
export type {
  ControlFilters,
  ControlParameter,
  ControlViaMapping,
  Framework,
  FrameworkControl,
  FrameworkControlInput,
  FrameworkCreate,
  FrameworkFamily,
  FrameworkFilters,
  FrameworkMapping,
  FrameworkOrderField,
  FrameworkPatch,
  FrameworkSummary,
  MappingInput,
  StoredControl,
} from './registers/frameworks/types.js';
export type { AcceptingRole, AcceptRiskParams } from './registers/risks/acceptances.js';

import type { CreateOf, FiltersOf, OrderFieldOf, PatchOf } from './registers/define.js';
// Each plain register's create data, patch, list filters and order_by fields, named.
export type AssetCreate = CreateOf<'assets'>;
export type AssetPatch = PatchOf<'assets'>;
export type AssetFilters = FiltersOf<'assets'>;
export type AssetOrderField = OrderFieldOf<'assets'>;
export type AuditCreate = CreateOf<'audits'>;
export type AuditPatch = PatchOf<'audits'>;
export type AuditFilters = FiltersOf<'audits'>;
export type AuditOrderField = OrderFieldOf<'audits'>;
export type MeasureCreate = CreateOf<'measures'>;
export type MeasurePatch = PatchOf<'measures'>;
export type MeasureFilters = FiltersOf<'measures'>;
export type MeasureOrderField = OrderFieldOf<'measures'>;
export type NonconformityCreate = CreateOf<'nonconformities'>;
export type NonconformityPatch = PatchOf<'nonconformities'>;
export type NonconformityFilters = FiltersOf<'nonconformities'>;
export type NonconformityOrderField = OrderFieldOf<'nonconformities'>;
export type ObligationCreate = CreateOf<'obligations'>;
export type ObligationPatch = PatchOf<'obligations'>;
export type ObligationFilters = FiltersOf<'obligations'>;
export type ObligationOrderField = OrderFieldOf<'obligations'>;
export type RiskCreate = CreateOf<'risks'>;
export type RiskPatch = PatchOf<'risks'>;
export type RiskFilters = FiltersOf<'risks'>;
export type RiskOrderField = OrderFieldOf<'risks'>;
export type VendorCreate = CreateOf<'vendors'>;
export type VendorPatch = PatchOf<'vendors'>;
export type VendorFilters = FiltersOf<'vendors'>;
export type VendorOrderField = OrderFieldOf<'vendors'>;
export {
  type JobEngine,
  type JobHandler,
  type JobRun,
  jobSchemaName,
  type QueuePolicy,
} from './jobs/engine.js';
export { openJobEngine } from './jobs/open.js';
export {
  DEFAULT_DUE_SOON_DAYS,
  MAX_DUE_SOON_DAYS,
  REMINDER_KINDS,
  type ReminderKind,
} from './reminders/kinds.js';
export type { NotificationPreferences, PreferencesPatch } from './reminders/preferences.js';
export type { RemindersRepository } from './reminders/repository.js';
export { type EnqueueReminders, isoWeek, type ScanResult } from './reminders/scan.js';
export type { ReminderMail, ReminderTask } from './reminders/work.js';
export {
  controlReadiness,
  type Exclusion,
  GAP_REASONS,
  type GapReason,
  type Readiness,
  type ReadinessMeasure,
  type ReadinessState,
} from './reports/control-readiness.js';
export type { ControlRow } from './reports/readiness-rows.js';
export type { ReportsRepository } from './reports/repository.js';
export type {
  AuditReadiness,
  CappedList,
  ComplianceReport,
  ComplianceReportOptions,
  ControlReadiness,
  FamilyReadiness,
  FrameworkCoverage,
  GapMeasure,
  HighPriorityRisk,
  OverdueNonconformity,
  OverdueObligation,
  UpcomingAudit,
  VendorReviewItem,
} from './reports/types.js';
export type { Repositories } from './repositories.js';
export { type BulkCounts, seedBulk } from './seed/bulk.js';
export { type DemoSeed, seedDemo } from './seed/demo.js';
export type { SoaRepository } from './soa/repository.js';
export type { SoaControlChange, SoaFilters, SoaPage } from './soa/types.js';
export { openStorage, type Storage, type StorageOptions } from './storage.js';
export {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  EVENT_TYPES,
  type EventType,
} from './webhooks/events.js';
export type { ReadinessSummary } from './webhooks/readiness-watch.js';
export type {
  DeliveryWork,
  Enqueue,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
  WebhooksRepository,
} from './webhooks/repository.js';
