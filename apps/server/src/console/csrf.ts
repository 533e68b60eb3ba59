import type { FastifyRequest } from 'fastify';
import { consoleError } from './errors.js';

/** The header every state-changing console request must carry; a cross-site form cannot set it. */
export const CSRF_HEADER = 'x-comply-csrf';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** onRequest hook: refuses state-changing requests without the CSRF header, and keeps replies out of caches. */
export async function csrfHook(
  request: FastifyRequest,
  reply: { header(name: string, value: string): unknown },
) {
  reply.header('cache-control', 'no-store');
  if (SAFE.has(request.method)) return;
  if (request.headers[CSRF_HEADER] !== '1') {
    throw consoleError({
      code: 'FORBIDDEN',
      message: `State-changing console requests must send the header \`${CSRF_HEADER}: 1\`.`,
    });
  }
}
