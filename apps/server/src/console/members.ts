import { ROLES } from '@comply/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OWN_PEOPLE_ROLES, requireRole } from './access.js';
import { type ConsoleDeps, consoleActor, identityOf } from './context.js';
import { parseInput } from './validate.js';

const roleBody = z.strictObject({
  role: z.enum(ROLES),
  /** An AUDITOR's end of access (required for that role, refused for the others). */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
});
type OrgParams = { Params: { orgId: string } };
type MemberParams = { Params: { orgId: string; userId: string } };

/**
 * Organization members: every member but an AUDITOR may list (an auditor sees people's names where
 * records name them, not the member list); only OWNERs change roles, an auditor's end of access,
 * and remove (adding is by invitation).
 */
export function registerMemberRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  const { storage } = deps;
  const owner = (request: FastifyRequest, organizationId: string) =>
    requireRole({ storage, userId: identityOf(request).user.id, organizationId, roles: ['OWNER'] });

  scope.get<OrgParams>('/orgs/:orgId/members', async (request) => {
    const organizationId = request.params.orgId;
    await requireRole({
      storage,
      userId: identityOf(request).user.id,
      organizationId,
      roles: OWN_PEOPLE_ROLES,
    });
    return { members: await storage.memberships.list({ organizationId }) };
  });

  scope.patch<MemberParams>('/orgs/:orgId/members/:userId', async (request) => {
    const { orgId: organizationId, userId } = request.params;
    await owner(request, organizationId);
    const body = parseInput({ schema: roleBody, value: request.body });
    const member = await storage.memberships.changeRole({
      organizationId,
      userId,
      role: body.role,
      expiresAt: body.expires_at ?? null,
      actor: consoleActor(request, 'changeMemberRole'),
    });
    return { member };
  });

  scope.delete<MemberParams>('/orgs/:orgId/members/:userId', async (request, reply) => {
    const { orgId: organizationId, userId } = request.params;
    await owner(request, organizationId);
    await storage.memberships.remove({
      organizationId,
      userId,
      actor: consoleActor(request, 'removeMember'),
    });
    return reply.code(204).send();
  });
}
