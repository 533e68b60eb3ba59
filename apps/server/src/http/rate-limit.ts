import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config.js';
import { routeUnder } from './matched-route.js';
import { createTokenBuckets } from './token-bucket.js';

/** Requests per minute per token, and refused (401) attempts per minute per address; 0 disables. */
export type RateLimits = Pick<ServerConfig, 'rateLimitPerMinute' | 'unauthenticatedRateLimitPerMinute'>;

function tooMany({ reply, seconds, what }: { reply: FastifyReply; seconds: number; what: string }) {
  return reply
    .code(429)
    .header('retry-after', String(seconds))
    .send({
      error: {
        code: 'RATE_LIMITED',
        message: `Too many requests ${what}. Retry after ${seconds} second${seconds === 1 ? '' : 's'}.`,
      },
    });
}

/**
 * Takes one more request's worth of a token's budget, for each tools/call of a JSON-RPC batch after
 * the first (the HTTP request paid for that one); returns 0 when granted, else the seconds to wait.
 */
export type TokenLimiter = (tokenId: string) => number;

/**
 * Rate limits on every route under `prefix` (the MCP and OSCAL paths), answered as HTTP 429 with Retry-After
 * on both transports, before any JSON-RPC handling. Register before the Bearer hook: the address
 * check must run before authentication, the token check (preParsing) after it and before the body
 * is read. Every check decides on the matched route, never the raw URL.
 * Buckets live in this process: N instances behind a balancer allow N times the limit.
 */
export function registerRateLimit({
  app,
  prefix,
  limits,
}: {
  app: FastifyInstance;
  prefix: string | readonly string[];
  limits: RateLimits;
}): TokenLimiter {
  const { rateLimitPerMinute: perTokenPerMinute, unauthenticatedRateLimitPerMinute: perAddress } = limits;
  if (perAddress > 0) {
    const refused = createTokenBuckets({ perMinute: perAddress });
    app.addHook('onRequest', async (request, reply) => {
      if (!routeUnder({ request, prefix })) return;
      const seconds = refused.wait(request.ip);
      if (seconds > 0) return tooMany({ reply, seconds, what: 'with invalid credentials from this address' });
    });
    app.addHook('onResponse', async (request, reply) => {
      if (routeUnder({ request, prefix }) && reply.statusCode === 401) refused.take(request.ip);
    });
  }
  if (perTokenPerMinute > 0) {
    const perToken = createTokenBuckets({ perMinute: perTokenPerMinute });
    app.addHook('preParsing', (request, reply, payload, done) => {
      const tokenId = request.caller?.tokenId;
      const seconds = routeUnder({ request, prefix }) && tokenId ? perToken.take(tokenId) : 0;
      if (seconds > 0) tooMany({ reply, seconds, what: 'for this token' });
      else done(null, payload);
    });
    return (tokenId) => perToken.take(tokenId);
  }
  return () => 0;
}
