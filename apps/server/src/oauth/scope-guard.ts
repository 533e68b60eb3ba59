import { tools } from '@comply/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchedRoute } from '../http/matched-route.js';

function writeToolCalled(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return null;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (method !== 'tools/call' || typeof params?.name !== 'string') return null;
  const tool = (tools as Record<string, { access: string } | undefined>)[params.name];
  return tool && tool.access !== 'read' ? params.name : null;
}

/**
 * A connected app holding only `comply:read` that calls a write tool gets 403 with
 * `WWW-Authenticate: Bearer error="insufficient_scope"` (MCP authorization, step-up), in both
 * protocol eras. API tokens keep their answer (a FORBIDDEN tool result). Decided on the matched route.
 */
export function registerScopeGuard({
  app,
  mcpPath,
  challenge,
}: {
  app: FastifyInstance;
  mcpPath: string;
  challenge: () => string;
}) {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.caller;
    if (!caller?.viaOAuth || caller.scope === 'WRITE' || matchedRoute(request) !== mcpPath) return;
    if (request.method !== 'POST') return;
    const messages: unknown[] = Array.isArray(request.body) ? request.body : [request.body];
    const tool = messages.map(writeToolCalled).find((name) => name !== null);
    if (!tool) return;
    const message = `The tool ${tool} changes records; this app was granted read-only access. Reconnect it with read-write access.`;
    return reply
      .code(403)
      .header(
        'www-authenticate',
        `Bearer error="insufficient_scope", error_description="${message}", ${challenge()}`,
      )
      .header('cache-control', 'no-store')
      .send({ error: { code: 'FORBIDDEN', message } });
  });
}
