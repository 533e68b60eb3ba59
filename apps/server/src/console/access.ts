import type { Organization, Role, Storage } from '@comply/storage';
import type { FastifyRequest } from 'fastify';
import { identityOf } from './context.js';
import { consoleError } from './errors.js';

/** The user's organization with their role; another organization is NOT_FOUND, as if it did not exist. */
export async function requireMembership({
  storage,
  userId,
  organizationId,
}: {
  storage: Storage;
  userId: string;
  organizationId: string;
}): Promise<Organization> {
  const organization = await storage.organizations.getForUser({ organizationId, userId });
  if (!organization) {
    throw consoleError({
      code: 'NOT_FOUND',
      field: 'organization_id',
      message: `Organization \`${organizationId}\` was not found among your organizations.`,
    });
  }
  return organization;
}

/** The signed-in user's membership of the route's `:orgId` organization, as requireMembership. */
export function routeMembership({
  storage,
  request,
}: {
  storage: Storage;
  request: FastifyRequest<{ Params: { orgId: string } }>;
}): Promise<Organization> {
  return requireMembership({
    storage,
    userId: identityOf(request).user.id,
    organizationId: request.params.orgId,
  });
}

/**
 * The organization's own people: every role but AUDITOR. Routes about the organization itself
 * (its members, its security settings) are theirs; an auditor reads the records, not these.
 */
export const OWN_PEOPLE_ROLES: Role[] = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'];

/** Like requireMembership, and the role must be one of `roles` (FORBIDDEN otherwise). */
export async function requireRole({
  storage,
  userId,
  organizationId,
  roles,
}: {
  storage: Storage;
  userId: string;
  organizationId: string;
  roles: Role[];
}): Promise<Organization> {
  const organization = await requireMembership({ storage, userId, organizationId });
  if (!roles.includes(organization.role)) {
    throw consoleError({
      code: 'FORBIDDEN',
      message: `This needs the role ${roles.join(' or ')}; your role in this organization is ${organization.role}.`,
    });
  }
  return organization;
}

/** Every organization of the user with their role (a user belongs to a handful, so one page is enough). */
export async function allMemberships({
  storage,
  userId,
}: {
  storage: Storage;
  userId: string;
}): Promise<Organization[]> {
  const organizations: Organization[] = [];
  let cursor: string | null = null;
  do {
    const page = await storage.organizations.listForUser({ userId, pageSize: 100, cursor });
    organizations.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return organizations;
}
