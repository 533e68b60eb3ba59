import { ROLES } from '@comply/storage';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireRole } from './access.js';
import { type ConsoleRoutes, consoleActor, identityOf, publicOrigin } from './context.js';
import { INVITATION_ROLES } from './invitation-visibility.js';
import { parseInput } from './validate.js';

const inviteBody = z.strictObject({
  email: z.email().trim().max(320),
  role: z.enum(ROLES),
  /** When an AUDITOR's access ends (required for that role, refused for the others). */
  access_expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
});
type OrgParams = { Params: { orgId: string } };
type InvitationParams = { Params: { orgId: string; id: string } };

/**
 * Invitations to an organization, managed by its OWNERs (`INVITATION_ROLES`, the rule the activity
 * log follows too). The reply to an invitation is the same
 * whether or not the email has an account: the invitee, not the inviter, decides what happens next.
 */
export function registerInvitationRoutes({ scope, deps }: ConsoleRoutes) {
  const { storage } = deps;
  const owner = (request: FastifyRequest, organizationId: string) =>
    requireRole({
      storage,
      userId: identityOf(request).user.id,
      organizationId,
      roles: [...INVITATION_ROLES],
    });

  scope.get<OrgParams>('/orgs/:orgId/invitations', async (request) => {
    await owner(request, request.params.orgId);
    return { invitations: await storage.invitations.listPending({ organizationId: request.params.orgId }) };
  });

  scope.post<OrgParams>('/orgs/:orgId/invitations', async (request, reply) => {
    const organizationId = request.params.orgId;
    await owner(request, organizationId);
    const body = parseInput({ schema: inviteBody, value: request.body });
    const { invitation, secret } = await storage.invitations.create({
      organizationId,
      email: body.email,
      role: body.role,
      accessExpiresAt: body.access_expires_at ?? null,
      actor: consoleActor(request, 'inviteMember'),
    });
    // The code travels in the fragment, which browsers never send to a server or put in logs.
    const url = `${publicOrigin({ request, config: deps.config })}/invitation#${secret}`;
    return reply.code(201).send({ invitation, code: secret, invitation_url: url });
  });

  scope.delete<InvitationParams>('/orgs/:orgId/invitations/:id', async (request, reply) => {
    const { orgId: organizationId, id } = request.params;
    await owner(request, organizationId);
    await storage.invitations.revoke({
      organizationId,
      id,
      actor: consoleActor(request, 'withdrawInvitation'),
    });
    return reply.code(204).send();
  });
}
