import { seedDemo } from '@comply/storage';
import { allMemberships, requireRole } from './access.js';
import { type ConsoleRoutes, identityOf } from './context.js';

type OrgParams = { Params: { orgId: string } };

/**
 * `POST /orgs/:orgId/demo`: an OWNER of the current organization loads a new demo organization
 * (owned by them) while the server runs — the embedded database admits one process, so the CLI's
 * `comply seed --demo` would need the server stopped. Audited as `seedDemo` from the console.
 */
export function registerDemoRoutes({ scope, deps }: ConsoleRoutes) {
  scope.post<OrgParams>('/orgs/:orgId/demo', async (request, reply) => {
    const userId = identityOf(request).user.id;
    await requireRole({
      storage: deps.storage,
      userId,
      organizationId: request.params.orgId,
      roles: ['OWNER'],
    });
    const seeded = await seedDemo({ storage: deps.storage, ownerUserId: userId, source: 'console' });
    const organizations = await allMemberships({ storage: deps.storage, userId });
    return reply.code(201).send({
      organization: organizations.find((o) => o.id === seeded.organizationId),
      counts: seeded.counts,
    });
  });
}
