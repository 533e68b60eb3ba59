import type { FastifyInstance } from 'fastify';
import { redactUrl } from './log-redaction.js';

/**
 * One access-log line per request, when it is answered: `GET /api/mcp/v1 200 4 ms` as the message
 * (readable in a terminal or a log viewer), with the method, the credential-free URL, the status and
 * the time as fields. It replaces fastify's two lines per request ("incoming request" and "request
 * completed"), which is why the app is built with a `LogController` that disables request logging. Logged at `info`, so
 * `LOG_LEVEL=warn` turns access logs off.
 */
export function registerAccessLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: ms },
      `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${ms} ms`,
    );
  });
}
