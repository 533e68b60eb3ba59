import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allMemberships } from './access.js';
import { type ConsoleDeps, identityOf } from './context.js';
import { parseInput } from './validate.js';

const createBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(10_000).nullable().optional(),
});

/** The user's organizations, and creating another (the creator becomes its OWNER). */
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
}
