import { type ToolName, tools } from '@comply/schemas';
import type { FastifyInstance } from 'fastify';
import { routeMembership } from './access.js';
import { type ConsoleDeps, identityOf } from './context.js';
import { consoleError } from './errors.js';
import { consoleCaller } from './read-tool.js';

/** The write tools the console may call: those that change records of one organization. */
function consoleWriteTool(name: string): ToolName {
  const tool = Object.hasOwn(tools, name) ? tools[name as ToolName] : undefined;
  if (tool?.access !== 'write' || !tool.organizationScoped) {
    throw consoleError({
      code: 'NOT_FOUND',
      message: `No write tool \`${name}\` for an organization's records.`,
    });
  }
  return name as ToolName;
}

/**
 * `POST /api/console/orgs/:orgId/tools/:tool`: the console's forms call the write tools through the
 * same tool core as MCP and REST, as the signed-in user in that one organization. So validation,
 * roles (VIEWERs are refused), idempotency keys, `expected_updated_at` and the audit log (source
 * `console`) are the tools' own. An `id` of another organization is not found.
 */
export function registerWriteToolRoute({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  scope.post<{ Params: { orgId: string; tool: string }; Body: unknown }>(
    '/orgs/:orgId/tools/:tool',
    async (request) => {
      const name = consoleWriteTool(request.params.tool);
      const { user } = identityOf(request);
      const organization = await routeMembership({ storage: deps.storage, request });
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw consoleError({
          code: 'INVALID_INPUT',
          message: 'The body must be a JSON object of the tool input.',
        });
      }
      const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
      const properties =
        (tools[name].inputJsonSchema as { properties?: Record<string, unknown> }).properties ?? {};
      if (Object.hasOwn(properties, 'organization_id')) input.organization_id = organization.id;
      const caller = consoleCaller({ request, user, organization, scope: 'WRITE' });
      const { output } = await deps.core.invoke({ caller, name, input });
      return output;
    },
  );
}
