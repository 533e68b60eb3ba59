import { randomBytes } from 'node:crypto';
import { ROLES, type Storage } from '@comply/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireMembership, requireRole } from './access.js';
import { type ConsoleDeps, identityOf } from './context.js';
import { parseInput } from './validate.js';

const addBody = z.strictObject({ email: z.email().trim().max(320), role: z.enum(ROLES) });
const roleBody = z.strictObject({ role: z.enum(ROLES) });
type OrgParams = { Params: { orgId: string } };
type MemberParams = { Params: { orgId: string; userId: string } };

function actorOf(request: FastifyRequest, action: string) {
  return { userId: identityOf(request).user.id, tokenId: null, source: 'console' as const, action };
}

/** The user with `email`, or a new account with a temporary password the owner passes on. */
async function findOrCreateUser({ storage, email }: { storage: Storage; email: string }) {
  const existing = await storage.users.findByEmail({ email });
  if (existing) return { user: existing, temporaryPassword: null };
  const temporaryPassword = randomBytes(12).toString('base64url');
  const user = await storage.users.create({ email, password: temporaryPassword });
  return { user, temporaryPassword };
}

/** Organization members: every member may list; only OWNERs add, change roles and remove. */
export function registerMemberRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  const { storage } = deps;
  const owner = (request: FastifyRequest, organizationId: string) =>
    requireRole({ storage, userId: identityOf(request).user.id, organizationId, roles: ['OWNER'] });

  scope.get<OrgParams>('/orgs/:orgId/members', async (request) => {
    const organizationId = request.params.orgId;
    await requireMembership({ storage, userId: identityOf(request).user.id, organizationId });
    return { members: await storage.memberships.list({ organizationId }) };
  });

  scope.post<OrgParams>('/orgs/:orgId/members', async (request, reply) => {
    const organizationId = request.params.orgId;
    await owner(request, organizationId);
    const body = parseInput({ schema: addBody, value: request.body });
    const { user, temporaryPassword } = await findOrCreateUser({ storage, email: body.email });
    const member = await storage.memberships.add({
      organizationId,
      userId: user.id,
      role: body.role,
      actor: actorOf(request, 'addMember'),
    });
    return reply.code(201).send({ member, temporary_password: temporaryPassword });
  });

  scope.patch<MemberParams>('/orgs/:orgId/members/:userId', async (request) => {
    const { orgId: organizationId, userId } = request.params;
    await owner(request, organizationId);
    const body = parseInput({ schema: roleBody, value: request.body });
    const member = await storage.memberships.changeRole({
      organizationId,
      userId,
      role: body.role,
      actor: actorOf(request, 'changeMemberRole'),
    });
    return { member };
  });

  scope.delete<MemberParams>('/orgs/:orgId/members/:userId', async (request, reply) => {
    const { orgId: organizationId, userId } = request.params;
    await owner(request, organizationId);
    await storage.memberships.remove({ organizationId, userId, actor: actorOf(request, 'removeMember') });
    return reply.code(204).send();
  });
}
