import { registers, type ToolName, tools } from '@comply/schemas';
import type { FastifyInstance } from 'fastify';
import { queryToInput } from '../console/query-params.js';
import { ToolError, toErrorBody } from '../core/errors.js';
import type { ToolCore } from '../core/tool-core.js';
import { collectRows, exportFilters, exportFormat, exportRegister, registerTable } from './registers.js';
import { sendExport } from './send.js';

/** The prefix of the export routes: Bearer authentication and rate limits apply under it. */
export const EXPORT_PREFIX = '/api/export/';

/**
 * `GET /api/export/{register}/{csv|xlsx}?organization_id=…&<list filters>`: a register as a file,
 * for scripts holding a token. Each page is a call of the register's list tool through the tool
 * core, so organization access, scope and usage figures are those of the tool.
 */
export function registerExportRoutes({ app, core }: { app: FastifyInstance; core: ToolCore }) {
  app.get<{ Params: { register: string; format: string }; Querystring: Record<string, string | string[]> }>(
    `${EXPORT_PREFIX}:register/:format`,
    async (request, reply) => {
      try {
        const format = exportFormat(request.params.format);
        const register = exportRegister(request.params.register);
        const name = registers[register].tools.list as ToolName;
        const input = exportFilters(
          queryToInput({ query: request.query, schema: tools[name].inputJsonSchema }),
        );
        const rows = await collectRows({
          register,
          input,
          listPage: async (page) =>
            (await core.invoke({ caller: request.caller!, name, input: page })).output,
        });
        return sendExport({ reply, table: registerTable({ register, rows }), format });
      } catch (error) {
        if (!(error instanceof ToolError)) throw error;
        return reply.code(error.status).send(toErrorBody(error));
      }
    },
  );
}
