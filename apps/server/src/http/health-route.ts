import { toolNames } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import type { FastifyInstance } from 'fastify';
import type { UsageRecorder } from '../core/usage.js';

/**
 * `GET /api/mcp/v1/health` (token required): whether the service and its database answer. A check
 * is a use of its token (as `health` in the token's recent calls), so a monitoring token that only
 * checks health does not read "Last used: Never" and look safe to revoke.
 */
export function registerHealthRoute({
  app,
  storage,
  version,
  usage,
}: {
  app: FastifyInstance;
  storage: Storage;
  version: string;
  usage?: UsageRecorder;
}) {
  app.get('/api/mcp/v1/health', async (request, reply) => {
    const caller = request.caller;
    if (caller?.tokenId)
      usage?.record({ tokenId: caller.tokenId, tool: 'health', ip: caller.ip, client: caller.client });
    const databaseUp = await storage.ping().then(
      () => true,
      () => false,
    );
    return reply.code(databaseUp ? 200 : 503).send({
      status: databaseUp ? 'ok' : 'degraded',
      version,
      database: { driver: storage.driver, reachable: databaseUp },
      tools: toolNames.length,
    });
  });
}
