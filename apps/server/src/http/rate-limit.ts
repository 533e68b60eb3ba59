import type { Storage } from '@comply/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { HttpError } from './errors.js';
import { routeUnder } from './matched-route.js';
import { createSharedWindows } from './shared-windows.js';
import { createTokenBuckets } from './token-bucket.js';

/** Requests per minute per token, and refused (401) attempts per minute per address; 0 disables. */
export type RateLimits = Pick<ServerConfig, 'rateLimitPerMinute' | 'unauthenticatedRateLimitPerMinute'>;

function tooMany({ seconds, what }: { seconds: number; what: string }) {
  return new HttpError({
    status: 429,
    code: 'RATE_LIMITED',
    message: `Too many requests ${what}. Retry after ${seconds} second${seconds === 1 ? '' : 's'}.`,
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Takes `cost` (default 1) more units of a token's budget — for each request of a JSON-RPC batch
 * after the first (the HTTP request paid for that one); resolves to 0 when granted, else the
 * seconds to wait.
 */
export type TokenLimiter = (args: { tokenId: string; cost?: number }) => Promise<number>;

/** A budget per key: this process's token bucket, and on PostgreSQL the window all instances share. */
function createBudget({ perMinute, storage }: { perMinute: number; storage: Storage }) {
  const local = createTokenBuckets({ perMinute });
  const shared = storage.driver === 'postgres' ? createSharedWindows({ storage, perMinute }) : undefined;
  return {
    /** Seconds until `key` may spend `cost` again, without spending (0: now). */
    wait: (key: string, cost = 1) => Math.max(local.wait(key, cost), shared?.wait(key) ?? 0),
    async take(key: string, cost = 1): Promise<number> {
      // The local bucket first and at once, so the next request of this process already sees it.
      const seconds = local.take(key, cost);
      if (seconds > 0 || !shared) return seconds;
      return shared.take({ key, cost });
    },
  };
}

/**
 * Rate limits on every route under `prefix` (the MCP and OSCAL paths), answered as HTTP 429 with Retry-After
 * on both transports, before any JSON-RPC handling. Register before the Bearer hook: the address
 * check must run before authentication, the token check (preParsing) after it and before the body
 * is read. Every check decides on the matched route, never the raw URL. A request costs
 * `costOf(request)` units (OSCAL imports more than one). Each process keeps token buckets; on
 * PostgreSQL every instance also draws from one budget per minute in the database (docs/security.md).
 */
export function registerRateLimit({
  app,
  prefix,
  limits,
  storage,
  costOf = () => 1,
}: {
  app: FastifyInstance;
  prefix: string | readonly string[];
  limits: RateLimits;
  storage: Storage;
  costOf?: (request: FastifyRequest) => number;
}): TokenLimiter {
  const { rateLimitPerMinute: perTokenPerMinute, unauthenticatedRateLimitPerMinute: perAddress } = limits;
  if (perAddress > 0) {
    const refused = createBudget({ perMinute: perAddress, storage });
    app.addHook('onRequest', async (request) => {
      if (!routeUnder({ request, prefix })) return;
      const seconds = refused.wait(`refused:${request.ip}`);
      if (seconds > 0) throw tooMany({ seconds, what: 'with invalid credentials from this address' });
    });
    app.addHook('onResponse', async (request, reply) => {
      if (routeUnder({ request, prefix }) && reply.statusCode === 401)
        await refused.take(`refused:${request.ip}`);
    });
  }
  if (perTokenPerMinute > 0) {
    const perToken = createBudget({ perMinute: perTokenPerMinute, storage });
    app.addHook('preParsing', async (request, _reply, payload) => {
      const tokenId = request.caller?.tokenId;
      if (!routeUnder({ request, prefix }) || !tokenId) return payload;
      const seconds = await perToken.take(`token:${tokenId}`, costOf(request));
      if (seconds > 0) throw tooMany({ seconds, what: 'for this token' });
      return payload;
    });
    return ({ tokenId, cost = 1 }) => perToken.take(`token:${tokenId}`, cost);
  }
  return async () => 0;
}
