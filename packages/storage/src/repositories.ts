import { type MembershipsRepository, membershipsRepository } from './accounts/memberships.js';
import { type OrganizationsRepository, organizationsRepository } from './accounts/organizations.js';
import { type SessionsRepository, sessionsRepository } from './accounts/sessions.js';
import { type TokensRepository, tokensRepository } from './accounts/tokens.js';
import { type UsersRepository, usersRepository } from './accounts/users.js';
import type { StorageContext } from './context.js';
import { type RisksRepository, risksRepository } from './registers/risks/repository.js';

/** Every repository of a Storage. */
export interface Repositories {
  organizations: OrganizationsRepository;
  users: UsersRepository;
  memberships: MembershipsRepository;
  tokens: TokensRepository;
  sessions: SessionsRepository;
  risks: RisksRepository;
}

/** Builds the repositories over one database handle (a pool or a transaction). */
export function repositories(ctx: StorageContext): Repositories {
  return {
    organizations: organizationsRepository(ctx),
    users: usersRepository(ctx),
    memberships: membershipsRepository(ctx),
    tokens: tokensRepository(ctx),
    sessions: sessionsRepository(ctx),
    risks: risksRepository(ctx),
  };
}
