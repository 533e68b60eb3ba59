import { type IdentityRepository, identityRepository } from './accounts/identity.js';
import { type InvitationRedeemRepository, invitationRedeemRepository } from './accounts/invitation-redeem.js';
import { type InvitationsRepository, invitationsRepository } from './accounts/invitations.js';
import { type MembershipsRepository, membershipsRepository } from './accounts/memberships.js';
import { type OAuthRecordsRepository, oauthRecordsRepository } from './accounts/oauth-records.js';
import { type OrganizationsRepository, organizationsRepository } from './accounts/organizations.js';
import { type SessionsRepository, sessionsRepository } from './accounts/sessions.js';
import { type SettingsRepository, settingsRepository } from './accounts/settings.js';
import { type TokensRepository, tokensRepository } from './accounts/tokens.js';
import { type UsersRepository, usersRepository } from './accounts/users.js';
import { type NamesRepository, namesRepository } from './audit/names.js';
import { type AuditLogRepository, auditLogRepository } from './audit/repository.js';
import { type EvidenceVaultRepository, evidenceVaultRepository } from './blobs/vault.js';
import type { StorageContext } from './context.js';
import { type LimitsRepository, limitsRepository } from './limits/repository.js';
import { locator } from './locate.js';
import { type RegisterRepositories, registerRepositories } from './registers/registers.gen.js';
import { type RiskAcceptancesRepository, riskAcceptancesRepository } from './registers/risks/acceptances.js';
import { type RemindersRepository, remindersRepository } from './reminders/repository.js';
import { type ReportsRepository, reportsRepository } from './reports/repository.js';
import { type SoaRepository, soaRepository } from './soa/repository.js';
import { readinessWatch } from './webhooks/readiness-watch.js';
import { type WebhooksRepository, webhooksRepository } from './webhooks/repository.js';

/** Every repository of a Storage: one per register of the catalog (generated), and these. */
export interface Repositories extends RegisterRepositories {
  organizations: OrganizationsRepository;
  users: UsersRepository;
  memberships: MembershipsRepository;
  invitations: InvitationsRepository;
  /** Previewing, accepting and redeeming invitation codes. */
  invitationCodes: InvitationRedeemRepository;
  tokens: TokensRepository;
  sessions: SessionsRepository;
  /** Second factor, recovery codes, password resets, an organization's second-factor rule. */
  identity: IdentityRepository;
  /** The OAuth authorization server's records (its adapter's storage). */
  oauthRecords: OAuthRecordsRepository;
  auditLog: AuditLogRepository;
  /** Current names of the records, people and tokens activity entries mention. */
  names: NamesRepository;
  /** Instance-wide settings. */
  settings: SettingsRepository;
  reports: ReportsRepository;
  /** The Statement of Applicability of each framework. */
  soa: SoaRepository;
  /** Risk acceptances: the only way a risk becomes ACCEPTED. */
  riskAcceptances: RiskAcceptancesRepository;
  /** Rate and attempt limits shared by every instance on the database. */
  limits: LimitsRepository;
  /** Webhook endpoints, the outbox and deliveries (docs/jobs.md). */
  webhooks: WebhooksRepository;
  /** Members' notification preferences and the reminders ledger (docs/jobs.md). */
  reminders: RemindersRepository;
  /** Emits `readiness.changed` when a framework's readiness moves (docs/jobs.md). */
  readinessWatch: ReturnType<typeof readinessWatch>;
  /** The organization of a register record among `organizationIds`, or null. */
  locate: ReturnType<typeof locator>;
  /** Evidence files: blob store, revisions to download, integrity checks. */
  evidenceVault: EvidenceVaultRepository;
}

/** Builds the repositories over one database handle (a pool or a transaction). */
export function repositories(ctx: StorageContext): Repositories {
  const registers = Object.fromEntries(
    Object.entries(registerRepositories).map(([name, repository]) => [name, repository(ctx)]),
  ) as RegisterRepositories;
  return {
    ...registers,
    organizations: organizationsRepository(ctx),
    users: usersRepository(ctx),
    memberships: membershipsRepository(ctx),
    invitations: invitationsRepository(ctx),
    invitationCodes: invitationRedeemRepository(ctx),
    tokens: tokensRepository(ctx),
    sessions: sessionsRepository(ctx),
    identity: identityRepository(ctx),
    oauthRecords: oauthRecordsRepository(ctx),
    auditLog: auditLogRepository(ctx),
    names: namesRepository(ctx),
    settings: settingsRepository(ctx),
    reports: reportsRepository(ctx),
    soa: soaRepository(ctx),
    riskAcceptances: riskAcceptancesRepository(ctx),
    limits: limitsRepository(ctx),
    webhooks: webhooksRepository(ctx),
    reminders: remindersRepository(ctx),
    readinessWatch: readinessWatch(ctx),
    locate: locator(ctx),
    evidenceVault: evidenceVaultRepository(ctx),
  };
}
