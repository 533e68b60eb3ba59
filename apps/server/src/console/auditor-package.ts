import type { FastifyInstance } from 'fastify';
import { packageFor, sendPackage } from '../auditor-package/routes.js';
import { routeMembership } from './access.js';
import { type ConsoleDeps, identityOf } from './context.js';
import { consoleCaller } from './read-tool.js';

/**
 * `GET /api/console/orgs/:orgId/auditor-package?framework_id&period_start&period_end`: the
 * auditor package for the signed-in member (any role reads it, an AUDITOR included), built from
 * the same read tools as the token's door.
 */
export function registerConsoleAuditorPackage({
  scope,
  deps,
}: {
  scope: FastifyInstance;
  deps: ConsoleDeps;
}) {
  scope.get<{ Params: { orgId: string }; Querystring: Record<string, string | string[]> }>(
    '/orgs/:orgId/auditor-package',
    async (request, reply) => {
      const { user } = identityOf(request);
      const organization = await routeMembership({ storage: deps.storage, request });
      const caller = consoleCaller({ request, user, organization, scope: 'READ' });
      const built = await packageFor({
        app: scope,
        core: deps.core,
        storage: deps.storage,
        caller,
        organizationId: organization.id,
        query: request.query,
      });
      return sendPackage({ reply, ...built });
    },
  );
}
