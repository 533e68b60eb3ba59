import type { Storage } from '@comply/storage';

/** The shared counters' window: budgets are "per calendar minute" across instances. */
export const WINDOW_MS = 60_000;
const SWEEP_ABOVE = 10_000;

interface Held {
  windowStart: number;
  /** Units this instance has claimed from the shared counter and not spent yet. */
  units: number;
  /** The shared counter refused part of a claim: nothing more this window. */
  exhausted: boolean;
}

/** A per-key budget that every instance on the database draws from together. */
export interface SharedWindows {
  /** Takes `cost` units of `key`'s window; 0 when granted, else the seconds until the next window. */
  take(args: { key: string; cost: number }): Promise<number>;
  /** Seconds until `key` may be granted anything again (0: it may, as far as this instance knows). */
  wait(key: string): number;
}

/**
 * `perMinute` units per key and calendar minute, shared by every instance on one PostgreSQL
 * database without a round trip per request: an instance claims `lease` units at a time from the
 * window's counter (one atomic upsert, storage `limits.addToWindow`) and spends them locally.
 * The counter never grants more than `perMinute` in a window, so all instances together serve at
 * most `perMinute` per minute; an instance may hold up to `lease - 1` claimed units unspent when
 * the window ends, so callers may be refused up to N × (lease − 1) units early. If the database
 * cannot be reached, the claim is skipped (the instance's own bucket still limits).
 */
export function createSharedWindows({
  storage,
  perMinute,
  lease = Math.max(1, Math.ceil(perMinute / 20)),
  now = Date.now,
}: {
  storage: Storage;
  perMinute: number;
  lease?: number;
  now?: () => number;
}): SharedWindows {
  const held = new Map<string, Held>();
  // Claims of one key run one after another, so concurrent requests share one claim.
  const queues = new Map<string, Promise<unknown>>();
  let prunedWindow = 0;

  const current = (key: string): Held => {
    const windowStart = Math.floor(now() / WINDOW_MS) * WINDOW_MS;
    const entry = held.get(key);
    if (entry && entry.windowStart === windowStart) return entry;
    if (held.size >= SWEEP_ABOVE) {
      for (const [k, e] of held) if (e.windowStart !== windowStart) held.delete(k);
    }
    const fresh = { windowStart, units: 0, exhausted: false };
    held.set(key, fresh);
    return fresh;
  };
  const untilNext = (entry: Held) => Math.max(1, Math.ceil((entry.windowStart + WINDOW_MS - now()) / 1000));

  const prune = async (windowStart: number) => {
    if (prunedWindow === windowStart) return;
    prunedWindow = windowStart;
    await storage.limits
      .prune({ windowStart: windowStart - WINDOW_MS, now: new Date(now()) })
      .catch(() => undefined);
  };

  const takeNow = async ({ key, cost: wanted }: { key: string; cost: number }): Promise<number> => {
    const cost = Math.min(wanted, perMinute);
    const entry = current(key);
    if (entry.units >= cost) {
      entry.units -= cost;
      return 0;
    }
    if (entry.exhausted) return untilNext(entry);
    const amount = Math.max(lease, cost - entry.units);
    let before: number;
    try {
      before = await storage.limits.addToWindow({ key, windowStart: entry.windowStart, amount });
    } catch {
      return 0;
    }
    void prune(entry.windowStart);
    const granted = Math.max(0, Math.min(amount, perMinute - before));
    entry.units += granted;
    if (granted < amount) entry.exhausted = true;
    if (entry.units >= cost) {
      entry.units -= cost;
      return 0;
    }
    return untilNext(entry);
  };

  return {
    take(args) {
      const previous = queues.get(args.key) ?? Promise.resolve();
      const result = previous.then(() => takeNow(args));
      const settled = result.catch(() => undefined);
      queues.set(args.key, settled);
      void settled.then(() => {
        if (queues.get(args.key) === settled) queues.delete(args.key);
      });
      return result;
    },
    wait(key) {
      const entry = held.get(key);
      const windowStart = Math.floor(now() / WINDOW_MS) * WINDOW_MS;
      if (!entry || entry.windowStart !== windowStart) return 0;
      return entry.exhausted && entry.units === 0 ? untilNext(entry) : 0;
    },
  };
}
