import type { FastifyInstance } from 'fastify';
import { ToolError } from '../core/errors.js';
import type { ToolCore } from '../core/tool-core.js';

/** `POST /api/mcp/tools/{tool_name}`: the body is the tool's input, the reply its output. */
export function registerRestToolRoute({ app, core }: { app: FastifyInstance; core: ToolCore }) {
  app.post<{ Params: { tool: string } }>('/api/mcp/tools/:tool', async (request, reply) => {
    const name = request.params.tool;
    if (!core.has(name)) {
      throw new ToolError({
        code: 'NOT_FOUND',
        message: `Unknown tool \`${name}\`. Tool names are case-sensitive.`,
      });
    }
    // A failure is a ToolError, which the app's error handler (http/errors.ts) answers.
    const { json } = await core.invoke({ caller: request.caller!, name, input: request.body ?? {} });
    return reply.code(200).type('application/json; charset=utf-8').send(json);
  });
}
