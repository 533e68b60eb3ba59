/** Token buckets per key, kept in this process's memory. */
export interface TokenBuckets {
  /** Takes `cost` tokens (default 1) for `key`; returns 0 when granted, else the seconds until they are available. */
  take(key: string, cost?: number): number;
  /** Seconds until `key` has `cost` tokens (default 1), without taking any (0 when it has them now). */
  wait(key: string, cost?: number): number;
}

interface Bucket {
  tokens: number;
  at: number;
}

const SWEEP_ABOVE = 10_000;

/** `perMinute` tokens per key, refilled continuously, holding at most a minute's worth. */
export function createTokenBuckets({ perMinute, now = Date.now }: { perMinute: number; now?: () => number }) {
  const buckets = new Map<string, Bucket>();
  const ratePerMs = perMinute / 60_000;

  const refill = (key: string): Bucket => {
    const at = now();
    const bucket = buckets.get(key);
    if (!bucket) return { tokens: perMinute, at };
    return { tokens: Math.min(perMinute, bucket.tokens + (at - bucket.at) * ratePerMs), at };
  };
  // A cost above a minute's worth could never be paid: it is charged as a whole minute's.
  const capped = (cost: number) => Math.min(cost, perMinute);
  const secondsUntil = (bucket: Bucket, cost: number) =>
    Math.max(1, Math.ceil((capped(cost) - bucket.tokens) / ratePerMs / 1000));
  // Full buckets carry no information; dropping them bounds memory under many keys.
  const sweep = () => {
    if (buckets.size < SWEEP_ABOVE) return;
    for (const key of buckets.keys()) if (refill(key).tokens >= perMinute) buckets.delete(key);
  };

  return {
    take(key, cost = 1) {
      const bucket = refill(key);
      if (bucket.tokens < capped(cost)) {
        buckets.set(key, bucket);
        return secondsUntil(bucket, cost);
      }
      buckets.set(key, { ...bucket, tokens: bucket.tokens - capped(cost) });
      sweep();
      return 0;
    },
    wait(key, cost = 1) {
      const bucket = refill(key);
      return bucket.tokens >= capped(cost) ? 0 : secondsUntil(bucket, cost);
    },
  } satisfies TokenBuckets;
}
