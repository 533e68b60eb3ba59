import { type RegisterName, registers, type ToolName, tools } from '@comply/schemas';
import type { FastifyInstance } from 'fastify';
import { ToolError } from '../core/errors.js';
import { requiredParam, soaTable, treatmentPlanTable, versionOf } from '../export/auditor.js';
import { exportFormat, sendRegisterExport } from '../export/registers.js';
import { sendExport } from '../export/send.js';
import { routeMembership } from './access.js';
import type { ConsoleDeps } from './context.js';
import { consoleError } from './errors.js';
import { propertiesOf, queryToInput } from './query-params.js';
import { runReadTool } from './read-tool.js';

/** Each register's list and get tools, from the register catalog. */
export const REGISTERS = Object.fromEntries(
  Object.values(registers).map((r) => [r.plural, { list: r.tools.list, get: r.tools.get }]),
) as { readonly [R in RegisterName]: { list: ToolName; get: ToolName } };

const PAGING = new Set(['organization_id', 'page_size', 'cursor', 'order_by']);

function registerOf(name: string): RegisterName {
  if (!Object.hasOwn(REGISTERS, name)) {
    throw consoleError({
      code: 'NOT_FOUND',
      message: `No register \`${name}\`. Registers: ${Object.keys(REGISTERS).join(', ')}.`,
    });
  }
  return name as RegisterName;
}

/** Filters and orderings of each register, read from the list tool's input schema. */
export function registerCatalog() {
  return Object.entries(REGISTERS).map(([name, { list }]) => {
    const properties = propertiesOf(tools[list].inputJsonSchema);
    const order = propertiesOf(tools[list].inputJsonSchema).order_by as {
      properties?: { field?: { enum?: string[] } };
      default?: { field: string; direction: string };
    };
    return {
      name,
      tool: list,
      filters: Object.entries(properties)
        .filter(([key]) => !PAGING.has(key))
        .map(([key, p]) => ({
          name: key,
          type: p.type === 'array' ? 'set' : p.format === 'date' ? 'date' : p.type,
          values: p.items?.enum ?? p.enum ?? null,
          description: p.description ?? '',
        })),
      order_fields: order.properties?.field?.enum ?? [],
      default_order: order.default ?? null,
    };
  });
}

/** Read views of every register (the list tools' filters and cursor paging) and one record. */
export function registerRegisterRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  const catalog = registerCatalog();
  scope.get('/registers', async () => ({ registers: catalog }));

  scope.get<{ Params: { orgId: string; register: string }; Querystring: Record<string, string | string[]> }>(
    '/orgs/:orgId/registers/:register',
    async (request) => {
      const name = REGISTERS[registerOf(request.params.register)].list;
      const organization = await routeMembership({ storage: deps.storage, request });
      const input = queryToInput({ query: request.query, schema: tools[name].inputJsonSchema });
      return runReadTool({ deps, request, organization, name, input });
    },
  );

  // The register view as a file: the same filters and order as the list, every page of it.
  scope.get<{
    Params: { orgId: string; register: string; format: string };
    Querystring: Record<string, string | string[]>;
  }>('/orgs/:orgId/registers/:register/export/:format', async (request, reply) => {
    const format = exportFormat(request.params.format);
    const register = registerOf(request.params.register);
    const organization = await routeMembership({ storage: deps.storage, request });
    return sendRegisterExport({
      reply,
      register,
      format,
      query: request.query,
      listPage: (name, input) => runReadTool({ deps, request, organization, name, input }),
    });
  });

  scope.get<{ Params: { orgId: string; register: string; id: string } }>(
    '/orgs/:orgId/registers/:register/:id',
    async (request) => {
      const name = REGISTERS[registerOf(request.params.register)].get;
      const organization = await routeMembership({ storage: deps.storage, request });
      return runReadTool({ deps, request, organization, name, input: { id: request.params.id } });
    },
  );

  // The auditor's files (docs/server.md, "Exports"): the SoA of a framework, current or an
  // approved `version`, and the risk treatment plan, read through the same read tools.
  scope.get<{ Params: { orgId: string; file: string; format: string }; Querystring: Record<string, string> }>(
    '/orgs/:orgId/exports/:file/:format',
    async (request, reply) => {
      const format = exportFormat(request.params.format);
      const organization = await routeMembership({ storage: deps.storage, request });
      const run = (name: ToolName, input: Record<string, unknown>) =>
        runReadTool({ deps, request, organization, name, input });
      const organizationId = organization.id;
      if (request.params.file === 'statement-of-applicability') {
        const frameworkId = requiredParam(request.query, 'framework_id');
        const version = versionOf(request.query.version);
        return sendExport({
          reply,
          table: await soaTable({ run, organizationId, frameworkId, version }),
          format,
        });
      }
      if (request.params.file === 'risk-treatment-plan') {
        return sendExport({ reply, table: await treatmentPlanTable({ run, organizationId }), format });
      }
      throw new ToolError({
        code: 'NOT_FOUND',
        field: 'file',
        message: 'No such export. Exports: statement-of-applicability, risk-treatment-plan.',
      });
    },
  );
}
