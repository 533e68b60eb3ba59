export type { Membership } from './accounts/memberships.js';
export type { Organization, OrganizationCounts } from './accounts/organizations.js';
export { hashPassword, verifyPassword } from './accounts/passwords.js';
export type { ConsoleSession } from './accounts/sessions.js';
export type { ApiToken, ApiTokenWithUsage, Authentication } from './accounts/token-types.js';
export { hashSecret, TOKEN_SECRET_PREFIX } from './accounts/tokens.js';
export type { User } from './accounts/users.js';
export type { Actor } from './context.js';
export { addDays, type Clock, systemClock, toDateString, toIsoTimestamp } from './dates.js';
export type { DriverName } from './db/connect.js';
export type { Database, Db } from './db/types.js';
export {
  AUDIT_KINDS,
  AUDIT_SOURCES,
  AUDIT_STATES,
  type AuditKind,
  type AuditSource,
  type AuditState,
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
export { MIGRATIONS, runMigrations } from './migrations/index.js';
export type { Migration } from './migrations/types.js';
export type { ListParams, Page } from './paging/list.js';
export type { Direction, OrderBy } from './paging/order.js';
export type { Risk, RiskCreate, RiskFilters, RiskOrderField, RiskPatch } from './registers/risks/types.js';
export type { Repositories } from './repositories.js';
export { openStorage, type Storage, type StorageOptions } from './storage.js';
