import { tools } from '@comply/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeMembership } from './access.js';
import type { ConsoleDeps } from './context.js';
import { queryToInput } from './query-params.js';
import { runReadTool } from './read-tool.js';

type Query = { Querystring: Record<string, string | string[]> };

/** The dashboard and framework pages: getComplianceReport, getAuditReadiness, getOperatingEffectiveness. */
export function registerReportRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  const organizationOf = (request: FastifyRequest<{ Params: { orgId: string } }>) =>
    routeMembership({ storage: deps.storage, request });

  scope.get<{ Params: { orgId: string } } & Query>('/orgs/:orgId/report', async (request) => {
    const organization = await organizationOf(request);
    const input = queryToInput({ query: request.query, schema: tools.getComplianceReport.inputJsonSchema });
    return runReadTool({ deps, request, organization, name: 'getComplianceReport', input });
  });

  scope.get<{ Params: { orgId: string; frameworkId: string } }>(
    '/orgs/:orgId/readiness/:frameworkId',
    async (request) => {
      const organization = await organizationOf(request);
      const input = { framework_id: request.params.frameworkId };
      return runReadTool({ deps, request, organization, name: 'getAuditReadiness', input });
    },
  );

  scope.get<{ Params: { orgId: string; frameworkId: string } } & Query>(
    '/orgs/:orgId/operating-effectiveness/:frameworkId',
    async (request) => {
      const organization = await organizationOf(request);
      const input = {
        ...queryToInput({ query: request.query, schema: tools.getOperatingEffectiveness.inputJsonSchema }),
        framework_id: request.params.frameworkId,
      };
      return runReadTool({ deps, request, organization, name: 'getOperatingEffectiveness', input });
    },
  );
}
