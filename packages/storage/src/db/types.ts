import type { ColumnType, Generated, GeneratedAlways, Kysely, Transaction } from 'kysely';

/** A `date` column: read and written as `YYYY-MM-DD`. */
export type DateColumn = string;
/** A `timestamptz` column: read as Date, written as an ISO string. */
export type Timestamp = ColumnType<Date, string, string>;
/** A `jsonb` column. */
export type Json<T> = ColumnType<T, string, string>;

export interface OrganizationsTable {
  id: string;
  name: string;
  description: string | null;
  /** Months evidence stays current when it names no valid_until (migration 015). */
  evidence_validity_months: Generated<number>;
  /** Members must sign in with a second factor (migration 019). */
  require_totp: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string;
  /** Encrypted TOTP secret once enrolled; the pending one during enrolment (migration 019). */
  totp_secret: Generated<string | null>;
  totp_pending_secret: Generated<string | null>;
  totp_enabled_at: ColumnType<Date | null, string | null | undefined, string | null>;
  /** The last accepted TOTP time step: a code is accepted once. */
  totp_last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** The OpenID provider and subject the account is linked to (migration 020). */
  sso_issuer: Generated<string | null>;
  sso_subject: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembershipsTable {
  id: string;
  organization_id: string;
  user_id: string;
  role: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  scope: string;
  org_restricted: Generated<boolean>;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  last_used_client: string | null;
  recent_tools: ColumnType<{ tool: string; at: string }[], string | undefined, string>;
  /** `api` (a pasted token) or `oauth` (a connected app's grant). */
  kind: Generated<string>;
  oauth_grant_id: string | null;
  oauth_client_id: string | null;
}

/** The OAuth authorization server's records (adapter storage), one row per model and id. */
export interface OAuthRecordsTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface ApiTokenOrganizationsTable {
  token_id: string;
  organization_id: string;
}

export interface ApiTokenUsageTable {
  token_id: string;
  /** The start of the UTC hour the calls fell in. */
  hour: Timestamp;
  calls: number;
}

export interface ConsoleSessionsTable {
  id: string;
  secret_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Signed in with a password; the second factor is still to come (migration 019). */
  pending_factor: Generated<boolean>;
}

export interface InvitationsTable {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  secret_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Timestamp;
}

export interface IdempotencyKeysTable {
  organization_id: string;
  register: string;
  key: string;
  record_id: string;
  created_at: Timestamp;
}

interface RegisterColumns {
  id: string;
  organization_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RisksTable extends RegisterColumns {
  name: string;
  description: string | null;
  category: string | null;
  owner: string | null;
  status: string;
  treatment: string | null;
  inherent_likelihood: number;
  inherent_impact: number;
  inherent_score: GeneratedAlways<number>;
  residual_likelihood: number;
  residual_impact: number;
  residual_score: GeneratedAlways<number>;
  review_date: DateColumn | null;
  note: string | null;
}

export interface VendorsTable extends RegisterColumns {
  name: string;
  description: string | null;
  category: string | null;
  website: string | null;
  risk_tier: string;
  status: string;
  processes_personal_data: boolean;
  contract_end: DateColumn | null;
  last_reviewed_at: DateColumn | null;
  review_interval_days: number;
  next_review_due: GeneratedAlways<DateColumn | null>;
  owner: string | null;
  contact_email: string | null;
}

export interface AssetsTable extends RegisterColumns {
  name: string;
  type: string;
  classification: string;
  owner: string | null;
  description: string | null;
  location: string | null;
  vendor_id: string | null;
  last_reviewed_at: DateColumn | null;
  review_interval_days: number;
  next_review_due: GeneratedAlways<DateColumn | null>;
}

export interface MeasuresTable extends RegisterColumns {
  name: string;
  description: string | null;
  category: string | null;
  owner: string | null;
  state: string;
  /** Why a NOT_APPLICABLE measure's controls are excluded from readiness (migration 015). */
  applicability_justification: string | null;
}

export interface MeasureEvidenceTable {
  id: string;
  organization_id: string;
  measure_id: string;
  title: string;
  url: string | null;
  collected_at: Timestamp;
  /** Last day the evidence is current; null = collected_at + the organization's validity. */
  valid_until: DateColumn | null;
  created_at: Timestamp;
}

export interface ObligationsTable extends RegisterColumns {
  title: string;
  requirement: string | null;
  source: string;
  regulator: string | null;
  area: string | null;
  owner: string | null;
  status: string;
  due_date: DateColumn | null;
  last_review_date: DateColumn | null;
  actions: string | null;
}

export interface NonconformitiesTable extends RegisterColumns {
  reference: string;
  title: string;
  description: string | null;
  severity: string;
  status: string;
  audit_id: string | null;
  measure_id: string | null;
  date_identified: DateColumn;
  root_cause: string | null;
  corrective_action: string | null;
  owner: string | null;
  due_date: DateColumn | null;
  closed_at: Timestamp | null;
}

export interface AuditsTable extends RegisterColumns {
  name: string;
  framework_id: string | null;
  kind: string;
  auditor: string | null;
  state: string;
  start_date: DateColumn | null;
  end_date: DateColumn | null;
  report_url: string | null;
  notes: string | null;
}

export interface FrameworksTable extends RegisterColumns {
  name: string;
  version: string | null;
  description: string | null;
  source: Generated<string>;
  library_key: string | null;
  baseline: string | null;
  oscal_uuid: string | null;
}

export interface FrameworkControlsTable extends RegisterColumns {
  framework_id: string;
  code: string;
  title: string;
  description: string | null;
  family: string | null;
  family_id: string | null;
  oscal_id: string | null;
  parent_code: string | null;
  statement: string | null;
  guidance: string | null;
  parameters: ColumnType<unknown[], string | undefined, string>;
  baselines: ColumnType<string[], string[] | undefined, string[]>;
  position: number;
}

/** Crosswalk rows between controls of two frameworks of one organization (migration 008). */
export interface FrameworkMappingsTable {
  id: string;
  organization_id: string;
  source_framework_id: string;
  source_control_code: string;
  target_framework_id: string;
  target_control_code: string;
  relationship: string;
  collection_title: string;
  collection_uuid: string | null;
  imported_at: Timestamp;
}

export interface MeasureControlsTable {
  organization_id: string;
  measure_id: string;
  framework_id: string;
  control_code: string;
}

export interface RiskMeasuresTable {
  organization_id: string;
  risk_id: string;
  measure_id: string;
}

export interface RiskAssetsTable {
  organization_id: string;
  risk_id: string;
  asset_id: string;
}

/** Exact risk counts per organization, status and scores, kept by triggers (migration 005). */
export interface RiskCountsTable {
  organization_id: string;
  status: string;
  residual_score: number;
  inherent_score: number;
  /** One of 8 counter rows per key (migration 011); a count sums over them. */
  slot: ColumnType<number, never, never>;
  n: ColumnType<string | number, never, never>;
}

export interface AuditLogTable {
  id: string;
  organization_id: string | null;
  at: Timestamp;
  actor_user_id: string | null;
  token_id: string | null;
  source: string;
  action: string;
  record_type: string;
  record_id: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
}

export interface RateWindowsTable {
  key: string;
  /** Milliseconds since the epoch at which the one-minute window starts. */
  window_start: ColumnType<string | number, number, number>;
  count: number;
}

export interface LimitAttemptsTable {
  key: string;
  /** Attempt times, milliseconds since the epoch. */
  times: ColumnType<(string | number)[], number[], number[]>;
  expires_at: Timestamp;
}

/** Every table, for Kysely. Reports and the seed generator query these directly. */
export interface UserRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface Database {
  schema_migrations: SchemaMigrationsTable;
  settings: SettingsTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  api_tokens: ApiTokensTable;
  api_token_organizations: ApiTokenOrganizationsTable;
  api_token_usage: ApiTokenUsageTable;
  console_sessions: ConsoleSessionsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  password_resets: PasswordResetsTable;
  oauth_records: OAuthRecordsTable;
  invitations: InvitationsTable;
  idempotency_keys: IdempotencyKeysTable;
  risks: RisksTable;
  vendors: VendorsTable;
  measures: MeasuresTable;
  measure_evidence: MeasureEvidenceTable;
  obligations: ObligationsTable;
  nonconformities: NonconformitiesTable;
  audits: AuditsTable;
  frameworks: FrameworksTable;
  framework_controls: FrameworkControlsTable;
  measure_controls: MeasureControlsTable;
  framework_mappings: FrameworkMappingsTable;
  risk_measures: RiskMeasuresTable;
  assets: AssetsTable;
  risk_assets: RiskAssetsTable;
  risk_counts: RiskCountsTable;
  audit_log: AuditLogTable;
  rate_windows: RateWindowsTable;
  limit_attempts: LimitAttemptsTable;
}

/** A database handle or an open transaction: repositories accept either. */
export type Db = Kysely<Database> | Transaction<Database>;
