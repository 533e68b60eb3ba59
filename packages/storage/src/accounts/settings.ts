import type { StorageContext } from '../context.js';

/**
 * Instance-wide settings (`settings`: key → text value), such as the console's one-time setup
 * code hash. Bound to a transaction (Storage.transaction), `take` is atomic with the caller's work.
 */
export function settingsRepository(ctx: StorageContext) {
  return {
    /** Sets `key` to `value`, replacing any earlier value. */
    put: async ({ key, value }: { key: string; value: string }): Promise<void> => {
      await ctx.db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },

    /** Whether `key` is set. */
    has: async ({ key }: { key: string }): Promise<boolean> => {
      const row = await ctx.db.selectFrom('settings').select('key').where('key', '=', key).executeTakeFirst();
      return Boolean(row);
    },

    /**
     * Locks `key`'s row and deletes it when `accept` approves its value: true only for the one
     * caller whose delete removed it, so two concurrent takers cannot both succeed.
     */
    take: async ({ key, accept }: { key: string; accept: (value: string) => boolean }): Promise<boolean> => {
      const row = await ctx.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      if (!row || !accept(row.value)) return false;
      const deleted = await ctx.db.deleteFrom('settings').where('key', '=', key).executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },
  };
}

/** The settings repository's type. */
export type SettingsRepository = ReturnType<typeof settingsRepository>;
