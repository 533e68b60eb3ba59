/** Token buckets per key, kept in this process's memory. */
export interface TokenBuckets {
  /** Takes one token for `key`; returns 0 when granted, else the seconds until one is available. */
  take(key: string): number;
  /** Seconds until `key` has a token again, without taking one (0 when it has one now). */
  wait(key: string): number;
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
  const secondsUntilOne = (bucket: Bucket) => Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000));
  // Full buckets carry no information; dropping them bounds memory under many keys.
  const sweep = () => {
    if (buckets.size < SWEEP_ABOVE) return;
    for (const key of buckets.keys()) if (refill(key).tokens >= perMinute) buckets.delete(key);
  };

  return {
    take(key) {
      const bucket = refill(key);
      if (bucket.tokens < 1) {
        buckets.set(key, bucket);
        return secondsUntilOne(bucket);
      }
      buckets.set(key, { ...bucket, tokens: bucket.tokens - 1 });
      sweep();
      return 0;
    },
    wait(key) {
      const bucket = refill(key);
      return bucket.tokens >= 1 ? 0 : secondsUntilOne(bucket);
    },
  } satisfies TokenBuckets;
}
