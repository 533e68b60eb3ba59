import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ToolCore } from '../core/tool-core.js';
import { type RunTool, requiredParam, soaTable, treatmentPlanTable, versionOf } from './auditor.js';
import { exportFormat, exportRegister, sendRegisterExport } from './registers.js';
import { sendExport } from './send.js';

/** The prefix of the export routes: Bearer authentication and rate limits apply under it. */
export const EXPORT_PREFIX = '/api/export/';

type Query = { Querystring: Record<string, string | string[]> };

/** The request's caller running tools through the core, as every export route reads its rows. */
const runAs =
  (core: ToolCore, request: FastifyRequest): RunTool =>
  async (name, input) =>
    (await core.invoke({ caller: request.caller!, name, input })).output;

/**
 * `GET /api/export/{register}/{csv|xlsx}?organization_id=…&<list filters>`: a register as a file,
 * for scripts holding a token. Each page is a call of the register's list tool through the tool
 * core, so organization access, scope and usage figures are those of the tool. The auditor's files
 * are beside them: `statement-of-applicability/{format}?organization_id&framework_id[&version]`
 * and `risk-treatment-plan/{format}?organization_id`.
 */
export function registerExportRoutes({ app, core }: { app: FastifyInstance; core: ToolCore }) {
  app.get<{ Params: { format: string } } & Query>(
    `${EXPORT_PREFIX}statement-of-applicability/:format`,
    async (request, reply) => {
      const format = exportFormat(request.params.format);
      const table = await soaTable({
        run: runAs(core, request),
        organizationId: requiredParam(request.query, 'organization_id'),
        frameworkId: requiredParam(request.query, 'framework_id'),
        version: versionOf(request.query.version),
      });
      return sendExport({ reply, table, format });
    },
  );
  app.get<{ Params: { format: string } } & Query>(
    `${EXPORT_PREFIX}risk-treatment-plan/:format`,
    async (request, reply) => {
      const format = exportFormat(request.params.format);
      const table = await treatmentPlanTable({
        run: runAs(core, request),
        organizationId: requiredParam(request.query, 'organization_id'),
      });
      return sendExport({ reply, table, format });
    },
  );
  app.get<{ Params: { register: string; format: string } } & Query>(
    `${EXPORT_PREFIX}:register/:format`,
    // Errors (a ToolError from the tool or the format check) are thrown to the one error handler.
    async (request, reply) =>
      sendRegisterExport({
        reply,
        register: exportRegister(request.params.register),
        format: exportFormat(request.params.format),
        query: request.query,
        listPage: runAs(core, request),
      }),
  );
}
