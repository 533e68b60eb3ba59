import { pendingMigrations, type Storage } from '@comply/storage';
import type { FastifyInstance } from 'fastify';

/**
 * `GET /livez` (the process serves) and `GET /readyz` (the database answers and every migration
 * this build knows is applied; 503 otherwise). No token: the replies say nothing beyond the status.
 */
export function registerProbes({ app, storage }: { app: FastifyInstance; storage: Storage }) {
  app.get('/livez', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', async (request, reply) => {
    const ready = await pendingMigrations({ db: storage.db }).then(
      (pending) => pending.length === 0,
      (error: unknown) => {
        request.log.warn({ err: error }, 'readiness check failed');
        return false;
      },
    );
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable' });
  });
}
