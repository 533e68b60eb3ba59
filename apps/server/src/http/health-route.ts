import { toolNames } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import type { FastifyInstance } from 'fastify';

/** `GET /api/mcp/v1/health` (token required): whether the service and its database answer. */
export function registerHealthRoute({
  app,
  storage,
  version,
}: {
  app: FastifyInstance;
  storage: Storage;
  version: string;
}) {
  app.get('/api/mcp/v1/health', async (_request, reply) => {
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
