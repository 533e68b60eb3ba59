/** Counts failures per key in a sliding window; kept in this process's memory. */
export interface FailureLimiter {
  /** Seconds until `keys` may try again, or 0 when none of them is over its limit. */
  retryAfter(keys: string[]): number;
  fail(keys: string[]): void;
  reset(key: string): void;
}

/** `limit` failures per key within `windowMs`; older failures fall out of the window. */
export function createFailureLimiter({
  limit,
  windowMs,
  now = Date.now,
}: {
  limit: (key: string) => number;
  windowMs: number;
  now?: () => number;
}): FailureLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  return {
    retryAfter(keys) {
      let wait = 0;
      for (const key of keys) {
        const times = recent(key);
        const oldest = times[times.length - limit(key)];
        if (times.length >= limit(key) && oldest !== undefined) {
          wait = Math.max(wait, Math.ceil((oldest + windowMs - now()) / 1000));
        }
      }
      return wait;
    },
    fail(keys) {
      for (const key of keys) failures.set(key, [...recent(key), now()]);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
