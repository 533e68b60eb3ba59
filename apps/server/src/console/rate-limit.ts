import type { FastifyReply } from 'fastify';
import { type AttemptStore, memoryAttemptStore } from './attempt-store.js';
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

/** Counts attempts per key in a sliding window, in an AttemptStore (memory, or the database). */
export interface AttemptLimiter {
  /**
   * Reserves one attempt on every key at once, BEFORE the attempt is evaluated, so parallel
   * requests cannot outrun the limit. `wait` > 0: refused, nothing reserved. Otherwise the attempt
   * counts as a failure until `succeeded()` takes it back.
   */
  reserve(keys: string[]): Promise<{ wait: number; succeeded: () => Promise<void> }>;
  /** Forgets every attempt of `key`. */
  reset(key: string): Promise<void>;
  /** Remembers `key` (e.g. an (email, address) pair that signed in) for `forMs`. */
  remember(args: { key: string; forMs: number }): Promise<void>;
  /** Whether `key` is remembered now. */
  remembers(key: string): Promise<boolean>;
}

const REMEMBERED = 'known:';

/** An attempt limiter with one rule per key (chosen by `rule`), over `store` (default: memory). */
export function createAttemptLimiter({
  rule,
  store,
  now = Date.now,
}: {
  rule: (key: string) => AttemptRule;
  store?: AttemptStore;
  now?: () => number;
}): AttemptLimiter {
  const attempts = store ?? memoryAttemptStore({ ttlMs: 24 * 3_600_000, now });
  const recent = (key: string, times: number[]) => {
    const cutoff = now() - rule(key).windowMs;
    return times.filter((at) => at > cutoff);
  };
  const waitFor = (key: string, times: number[]): number => {
    const { limit, windowMs, progressive } = rule(key);
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
    async reserve(keys) {
      const at = now();
      const wait = await attempts.update({
        keys,
        change: (current) => {
          const kept = new Map([...current].map(([key, times]) => [key, recent(key, times)]));
          const wait = Math.max(0, ...[...kept].map(([key, times]) => waitFor(key, times)));
          if (wait === 0) for (const times of kept.values()) times.push(at);
          return { next: kept, result: wait };
        },
      });
      if (wait > 0) return { wait, succeeded: async () => undefined };
      const succeeded = () =>
        attempts.update({
          keys,
          change: (current) => {
            for (const times of current.values()) {
              const index = times.lastIndexOf(at);
              if (index >= 0) times.splice(index, 1);
            }
            return { next: current, result: undefined };
          },
        });
      return { wait: 0, succeeded };
    },
    reset: (key) =>
      attempts.update({ keys: [key], change: () => ({ next: new Map([[key, []]]), result: undefined }) }),
    remember: ({ key, forMs }) =>
      attempts.update({
        keys: [REMEMBERED + key],
        change: () => ({ next: new Map([[REMEMBERED + key, [now() + forMs]]]), result: undefined }),
      }),
    remembers: (key) =>
      attempts.update({
        keys: [REMEMBERED + key],
        change: (current) => ({ next: new Map(), result: (current.get(REMEMBERED + key)?.[0] ?? 0) > now() }),
      }),
  };
}

/** Reserves an attempt on `keys` or throws 429 with Retry-After; resolves to the give-back function. */
export async function reserveAttempt({
  limiter,
  keys,
  reply,
  message,
}: {
  limiter: AttemptLimiter;
  keys: string[];
  reply: FastifyReply;
  message: string;
}): Promise<() => Promise<void>> {
  const { wait, succeeded } = await limiter.reserve(keys);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw consoleError({ code: 'RATE_LIMITED', message: `${message} Try again in ${wait} seconds.` });
  }
  return succeeded;
}
