import type { FastifyError, FastifyRequest } from 'fastify';

/**
 * The 415 answer's sentence: the server parses request bodies as JSON only, so it names the
 * expected type and what the request sent (or that it sent none), instead of fastify's terse
 * "Unsupported Media Type".
 */
export function unsupportedMediaType({
  error,
  request,
}: {
  error: FastifyError;
  request: FastifyRequest;
}): { code: 'INVALID_INPUT'; message: string } | undefined {
  if (error.statusCode !== 415) return undefined;
  const sent = request.headers['content-type'];
  const had = sent ? `Content-Type: ${sent}` : 'no Content-Type header';
  return {
    code: 'INVALID_INPUT',
    message: `The request body must be JSON, sent with the header Content-Type: application/json; this request had ${had}.`,
  };
}
