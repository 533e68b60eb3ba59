import { type InvitationRedeemRepository, invitationRedeemRepository } from './accounts/invitation-redeem.js';
import { type InvitationsRepository, invitationsRepository } from './accounts/invitations.js';
import { type MembershipsRepository, membershipsRepository } from './accounts/memberships.js';
import { type OAuthRecordsRepository, oauthRecordsRepository } from './accounts/oauth-records.js';
import { type OrganizationsRepository, organizationsRepository } from './accounts/organizations.js';
import { type SessionsRepository, sessionsRepository } from './accounts/sessions.js';
import { type TokensRepository, tokensRepository } from './accounts/tokens.js';
import { type UsersRepository, usersRepository } from './accounts/users.js';
import { type AuditLogRepository, auditLogRepository } from './audit/repository.js';
import type { StorageContext } from './context.js';
import { locator } from './locate.js';
import { type AssetsRepository, assetsRepository } from './registers/assets/repository.js';
import { type AuditsRepository, auditsRepository } from './registers/audits/repository.js';
import { type FrameworksRepository, frameworksRepository } from './registers/frameworks/repository.js';
import { type MeasuresRepository, measuresRepository } from './registers/measures/repository.js';
import {
  type NonconformitiesRepository,
  nonconformitiesRepository,
} from './registers/nonconformities/repository.js';
import { type ObligationsRepository, obligationsRepository } from './registers/obligations/repository.js';
import { type RisksRepository, risksRepository } from './registers/risks/repository.js';
import { type VendorsRepository, vendorsRepository } from './registers/vendors/repository.js';
import { type ReportsRepository, reportsRepository } from './reports/repository.js';

/** Every repository of a Storage. */
export interface Repositories {
  organizations: OrganizationsRepository;
  users: UsersRepository;
  memberships: MembershipsRepository;
  invitations: InvitationsRepository;
  /** Previewing, accepting and redeeming invitation codes. */
  invitationCodes: InvitationRedeemRepository;
  tokens: TokensRepository;
  sessions: SessionsRepository;
  /** The OAuth authorization server's records (its adapter's storage). */
  oauthRecords: OAuthRecordsRepository;
  auditLog: AuditLogRepository;
  risks: RisksRepository;
  vendors: VendorsRepository;
  measures: MeasuresRepository;
  obligations: ObligationsRepository;
  nonconformities: NonconformitiesRepository;
  audits: AuditsRepository;
  frameworks: FrameworksRepository;
  assets: AssetsRepository;
  reports: ReportsRepository;
  /** The organization of a register record among `organizationIds`, or null. */
  locate: ReturnType<typeof locator>;
}

/** Builds the repositories over one database handle (a pool or a transaction). */
export function repositories(ctx: StorageContext): Repositories {
  return {
    organizations: organizationsRepository(ctx),
    users: usersRepository(ctx),
    memberships: membershipsRepository(ctx),
    invitations: invitationsRepository(ctx),
    invitationCodes: invitationRedeemRepository(ctx),
    tokens: tokensRepository(ctx),
    sessions: sessionsRepository(ctx),
    oauthRecords: oauthRecordsRepository(ctx),
    auditLog: auditLogRepository(ctx),
    risks: risksRepository(ctx),
    vendors: vendorsRepository(ctx),
    measures: measuresRepository(ctx),
    obligations: obligationsRepository(ctx),
    nonconformities: nonconformitiesRepository(ctx),
    audits: auditsRepository(ctx),
    frameworks: frameworksRepository(ctx),
    assets: assetsRepository(ctx),
    reports: reportsRepository(ctx),
    locate: locator(ctx),
  };
}
