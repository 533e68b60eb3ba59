import type { AttemptChange, Storage } from '@comply/storage';

/**
 * Where attempt times per key are kept. `update` reads the keys' times, lets `change` decide the
 * new ones, and writes them, atomically with respect to every other `update` that shares the store.
 */
export interface AttemptStore {
  update<T>(args: {
    keys: readonly string[];
    change: (current: Map<string, number[]>) => AttemptChange<T>;
  }): Promise<T>;
}

const SWEEP_ABOVE = 10_000;
const PRUNE_EVERY_MS = 60_000;

/**
 * In this process's memory: enough for one process (the embedded PGlite mode). A key is dropped
 * `ttlMs` after its latest time once there are many keys.
 */
export function memoryAttemptStore({
  ttlMs,
  now = Date.now,
}: {
  ttlMs: number;
  now?: () => number;
}): AttemptStore {
  const entries = new Map<string, number[]>();
  const sweep = () => {
    if (entries.size < SWEEP_ABOVE) return;
    const cutoff = now() - ttlMs;
    for (const [key, times] of entries) if (Math.max(...times) < cutoff) entries.delete(key);
  };
  return {
    // `change` is synchronous, so nothing else runs between the read and the write.
    async update({ keys, change }) {
      const current = new Map(keys.map((key) => [key, [...(entries.get(key) ?? [])]]));
      const { next, result } = change(current);
      for (const [key, times] of next) {
        if (times.length === 0) entries.delete(key);
        else entries.set(key, times);
      }
      sweep();
      return result;
    },
  };
}

/**
 * In the database (PostgreSQL), so that every instance behind a load balancer counts the same
 * attempts: one short transaction per update with the keys locked (storage `limits`). Expired rows
 * are deleted at most once a minute per process.
 */
export function sharedAttemptStore({ storage, ttlMs }: { storage: Storage; ttlMs: number }): AttemptStore {
  let prunedAt = 0;
  return {
    async update({ keys, change }) {
      const result = await storage.limits.updateAttempts({ keys, ttlMs, change });
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await storage.limits.prune({ windowStart: 0, now: new Date() });
      }
      return result;
    },
  };
}
