import { tools } from '@comply/schemas';
import type { FastifyInstance } from 'fastify';
import { libraryEntries } from '../oscal/library.js';
import { routeMembership } from './access.js';
import type { ConsoleDeps } from './context.js';
import { queryToInput } from './query-params.js';
import { runReadTool } from './read-tool.js';

/**
 * The framework pages' reads: one framework's controls through listFrameworkControls and its
 * Statement of Applicability through getStatementOfApplicability (their filters and paging,
 * validated like a tool call), and the built-in library.
 */
export function registerFrameworkRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  scope.get('/library', async () => ({ entries: libraryEntries() }));

  /** `GET /orgs/:orgId/frameworks/:frameworkId/<suffix>`: the read tool with the query as its input. */
  const frameworkRead = (suffix: string, name: 'listFrameworkControls' | 'getStatementOfApplicability') =>
    scope.get<{
      Params: { orgId: string; frameworkId: string };
      Querystring: Record<string, string | string[]>;
    }>(`/orgs/:orgId/frameworks/:frameworkId/${suffix}`, async (request) => {
      const organization = await routeMembership({ storage: deps.storage, request });
      const query = { ...request.query, framework_id: request.params.frameworkId };
      const input = queryToInput({ query, schema: tools[name].inputJsonSchema });
      return runReadTool({ deps, request, organization, name, input });
    });
  frameworkRead('controls', 'listFrameworkControls');
  // The Statement of Applicability page; its edits and approvals go through the write-tool route.
  frameworkRead('soa', 'getStatementOfApplicability');
}
