import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, openTestStorage } from './helpers.js';

describe.each(DRIVERS)('shared limits on $name', ({ name }) => {
  let storage: Storage;
  let other: Storage | undefined;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestStorage({ driver: name });
    ({ storage, dispose } = opened);
    // A second Storage on the same schema stands for another instance (PostgreSQL only).
    if (name === 'postgres') other = (await openTestStorage({ driver: name, schema: opened.schema })).storage;
  });
  afterAll(async () => {
    await other?.close();
    await dispose();
  });

  it('counts a window atomically: concurrent additions each see a different count before', async () => {
    const add = (s: Storage) => s.limits.addToWindow({ key: 'tok_a', windowStart: 60_000, amount: 3 });
    const befores = await Promise.all(
      Array.from({ length: 20 }, (_, i) => add(i % 2 && other ? other : storage)),
    );
    expect([...befores].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i * 3));
    // Another window and another key start from zero.
    expect(await storage.limits.addToWindow({ key: 'tok_a', windowStart: 120_000, amount: 1 })).toBe(0);
    expect(await storage.limits.addToWindow({ key: 'tok_b', windowStart: 60_000, amount: 1 })).toBe(0);
  });

  it('reserves attempts one at a time across connections, so a limit of 5 admits exactly 5', async () => {
    const reserve = (s: Storage) =>
      s.limits.updateAttempts({
        keys: ['email:x@example.test', 'ip:10.0.0.1'],
        ttlMs: 60_000,
        change: (current) => {
          const times = current.get('email:x@example.test') ?? [];
          if (times.length >= 5) return { next: new Map(), result: false };
          const next = new Map([...current].map(([key, t]) => [key, [...t, Date.now()]]));
          return { next, result: true };
        },
      });
    const granted = await Promise.all(
      Array.from({ length: 12 }, (_, i) => reserve(i % 2 && other ? other : storage)),
    );
    expect(granted.filter(Boolean)).toHaveLength(5);
    const read = await storage.limits.updateAttempts({
      keys: ['ip:10.0.0.1'],
      ttlMs: 60_000,
      change: (current) => ({ next: new Map(), result: current.get('ip:10.0.0.1') }),
    });
    expect(read).toHaveLength(5);
    expect(read?.every((t) => typeof t === 'number' && t > 0)).toBe(true);
  });

  it('forgets a key whose times are emptied, and prunes expired rows and old windows', async () => {
    await storage.limits.updateAttempts({
      keys: ['k'],
      ttlMs: 1,
      change: () => ({ next: new Map([['k', [1000]]]), result: null }),
    });
    await storage.limits.prune({ windowStart: 120_000, now: new Date() });
    const rows = await storage.db.selectFrom('limit_attempts').select('key').execute();
    expect(rows.map((r) => r.key)).not.toContain('k');
    const windows = await storage.db.selectFrom('rate_windows').select(['key', 'window_start']).execute();
    expect(windows.map((w) => Number(w.window_start))).toEqual([120_000]);
  });
});
