import { sql } from 'kysely';
import { inTransaction, type StorageContext } from '../context.js';

/** What `updateAttempts` hands back: the new attempt times per key (empty: forget the key), and a result. */
export interface AttemptChange<T> {
  next: Map<string, number[]>;
  result: T;
}

/**
 * Limits that every instance on the database enforces together (migration 014): counters of
 * fixed windows, and attempt times per key. The policies live with their callers; this only
 * keeps the numbers, atomically.
 */
export function limitsRepository(ctx: StorageContext) {
  return {
    /**
     * Adds `amount` to the counter of `key` in the window starting at `windowStart` (ms) and
     * returns the count before this addition. One atomic statement: concurrent callers on any
     * instance each see a different "before", so granting `limit - before` never over-grants.
     */
    addToWindow: async (args: { key: string; windowStart: number; amount: number }): Promise<number> => {
      const row = await ctx.db
        .insertInto('rate_windows')
        .values({ key: args.key, window_start: args.windowStart, count: args.amount })
        .onConflict((oc) =>
          oc
            .columns(['key', 'window_start'])
            .doUpdateSet({ count: sql<number>`rate_windows.count + excluded.count` }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count) - args.amount;
    },

    /**
     * Reads the attempt times of `keys`, lets `change` decide the new ones, and writes them, with
     * the keys locked for the whole transaction so that no other instance decides in between.
     * A key's row expires `ttlMs` after its latest time.
     */
    updateAttempts: async <T>(args: {
      keys: readonly string[];
      ttlMs: number;
      change: (current: Map<string, number[]>) => AttemptChange<T>;
    }): Promise<T> =>
      inTransaction(ctx.db, async (trx) => {
        const keys = [...new Set(args.keys)].sort();
        // Always in the same order, so two transactions never wait on each other in a cycle.
        for (const key of keys)
          await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
        const rows = keys.length
          ? await trx.selectFrom('limit_attempts').select(['key', 'times']).where('key', 'in', keys).execute()
          : [];
        const current = new Map<string, number[]>(keys.map((key) => [key, []]));
        for (const row of rows) current.set(row.key, row.times.map(Number));
        const { next, result } = args.change(current);
        for (const [key, times] of next) {
          if (times.length === 0) {
            await trx.deleteFrom('limit_attempts').where('key', '=', key).execute();
            continue;
          }
          const expiresAt = new Date(Math.max(...times) + args.ttlMs).toISOString();
          await trx
            .insertInto('limit_attempts')
            .values({ key, times, expires_at: expiresAt })
            .onConflict((oc) => oc.column('key').doUpdateSet({ times, expires_at: expiresAt }))
            .execute();
        }
        return result;
      }),

    /** Forgets windows that started before `windowStart` and attempt rows expired by `now`. */
    prune: async (args: { windowStart: number; now: Date }): Promise<void> => {
      await ctx.db.deleteFrom('rate_windows').where('window_start', '<', args.windowStart).execute();
      await ctx.db.deleteFrom('limit_attempts').where('expires_at', '<', args.now).execute();
    },
  };
}

/** The limits repository's type. */
export type LimitsRepository = ReturnType<typeof limitsRepository>;
