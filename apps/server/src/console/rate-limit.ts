import type { FastifyReply } from 'fastify';
import type { ConsoleRoutes } from './context.js';
import { consoleError } from './errors.js';

/** How many attempts one key may spend in a window; `progressive` keys also wait longer after each. */
export interface AttemptRule {
  limit: number;
  windowMs: number;
  /**
   * Past the limit, each further failure doubles the wait (from one second, capped at the window)
   * instead of locking the key for the whole window at once.
   */
  progressive?: boolean;
}

/** A console route module whose routes spend attempts of the shared limiter. */
export interface LimitedConsoleRoutes extends ConsoleRoutes {
  limiter: AttemptLimiter;
}

/** Counts attempts per key in a sliding window; kept in this process's memory. */
export interface AttemptLimiter {
  /**
   * Reserves one attempt on every key at once, BEFORE the attempt is evaluated, so parallel
   * requests cannot outrun the limit. `wait` > 0: refused, nothing reserved. Otherwise the attempt
   * counts as a failure until `succeeded()` takes it back.
   */
  reserve(keys: string[]): { wait: number; succeeded: () => void };
  /** Forgets every attempt of `key`. */
  reset(key: string): void;
}

/** An attempt limiter with one rule per key (chosen by `rule`). */
export function createAttemptLimiter({
  rule,
  now = Date.now,
}: {
  rule: (key: string) => AttemptRule;
  now?: () => number;
}): AttemptLimiter {
  const attempts = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - rule(key).windowMs;
    const kept = (attempts.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length) attempts.set(key, kept);
    else attempts.delete(key);
    return kept;
  };
  const waitFor = (key: string): number => {
    const { limit, windowMs, progressive } = rule(key);
    const times = recent(key);
    if (times.length < limit) return 0;
    if (progressive) {
      const over = times.length - limit;
      const last = times[times.length - 1] ?? now();
      const delay = Math.min(windowMs, 1000 * 2 ** Math.min(over, 30));
      return Math.max(0, Math.ceil((last + delay - now()) / 1000));
    }
    const oldest = times[times.length - limit] ?? now();
    return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
  };
  return {
    reserve(keys) {
      const wait = Math.max(0, ...keys.map(waitFor));
      if (wait > 0) return { wait, succeeded: () => undefined };
      const at = now();
      for (const key of keys) attempts.set(key, [...recent(key), at]);
      const succeeded = () => {
        for (const key of keys) {
          const times = attempts.get(key) ?? [];
          const index = times.lastIndexOf(at);
          if (index >= 0) times.splice(index, 1);
        }
      };
      return { wait: 0, succeeded };
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}

/** Reserves an attempt on `keys` or throws 429 with Retry-After. */
export function reserveAttempt({
  limiter,
  keys,
  reply,
  message,
}: {
  limiter: AttemptLimiter;
  keys: string[];
  reply: FastifyReply;
  message: string;
}): () => void {
  const { wait, succeeded } = limiter.reserve(keys);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw consoleError({ code: 'RATE_LIMITED', message: `${message} Try again in ${wait} seconds.` });
  }
  return succeeded;
}
