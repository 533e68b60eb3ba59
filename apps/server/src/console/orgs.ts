import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allMemberships, requireRole } from './access.js';
import { type ConsoleDeps, identityOf } from './context.js';
import { parseInput } from './validate.js';

const createBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(10_000).nullable().optional(),
});

const settingsBody = z.strictObject({
  evidence_validity_months: z.number().int().min(1).max(120),
});

/**
 * The user's organizations, creating another (the creator becomes its OWNER), and the
 * organization's settings (OWNER or ADMIN): how many months evidence stays current when it names
 * no valid_until.
 */
export function registerOrganizationRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  scope.get('/orgs', async (request) => ({
    organizations: await allMemberships({ storage: deps.storage, userId: identityOf(request).user.id }),
  }));

  scope.post('/orgs', async (request, reply) => {
    const body = parseInput({ schema: createBody, value: request.body });
    const { user } = identityOf(request);
    const organization = await deps.storage.organizations.create({
      name: body.name,
      description: body.description ?? null,
      ownerUserId: user.id,
      actor: { userId: user.id, tokenId: null, source: 'console', action: 'createOrganization' },
    });
    return reply.code(201).send({ organization });
  });

  scope.patch<{ Params: { orgId: string } }>('/orgs/:orgId/settings', async (request) => {
    const { user } = identityOf(request);
    const organizationId = request.params.orgId;
    await requireRole({ storage: deps.storage, userId: user.id, organizationId, roles: ['OWNER', 'ADMIN'] });
    const body = parseInput({ schema: settingsBody, value: request.body });
    const organization = await deps.storage.organizations.update({
      organizationId,
      userId: user.id,
      patch: body,
      actor: { userId: user.id, tokenId: null, source: 'console', action: 'updateOrganizationSettings' },
    });
    return { organization };
  });
}
