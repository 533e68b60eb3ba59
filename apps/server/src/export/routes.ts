import type { FastifyInstance } from 'fastify';
import type { ToolCore } from '../core/tool-core.js';
import { exportFormat, exportRegister, sendRegisterExport } from './registers.js';

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
    // Errors (a ToolError from the tool or the format check) are thrown to the one error handler.
    async (request, reply) =>
      sendRegisterExport({
        reply,
        register: exportRegister(request.params.register),
        format: exportFormat(request.params.format),
        query: request.query,
        listPage: async (name, input) => (await core.invoke({ caller: request.caller!, name, input })).output,
      }),
  );
}
