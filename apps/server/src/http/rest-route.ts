import type { FastifyInstance } from 'fastify';
import { ToolError, toErrorBody } from '../core/errors.js';
import type { ToolCore } from '../core/tool-core.js';

/** `POST /api/mcp/tools/{tool_name}`: the body is the tool's input, the reply its output. */
export function registerRestToolRoute({ app, core }: { app: FastifyInstance; core: ToolCore }) {
  app.post<{ Params: { tool: string } }>('/api/mcp/tools/:tool', async (request, reply) => {
    const name = request.params.tool;
    if (!core.has(name)) {
      return reply.code(404).send({
        error: { code: 'NOT_FOUND', message: `Unknown tool \`${name}\`. Tool names are case-sensitive.` },
      });
    }
    try {
      const { json } = await core.invoke({ caller: request.caller!, name, input: request.body ?? {} });
      return reply.code(200).type('application/json; charset=utf-8').send(json);
    } catch (error) {
      const status = error instanceof ToolError ? error.status : 500;
      if (status === 429) reply.header('retry-after', '1');
      return reply.code(status).send(toErrorBody(error));
    }
  });
}
