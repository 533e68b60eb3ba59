import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * Rate and attempt limits every instance on the database enforces together: per-key counters of
 * fixed one-minute windows (the per-token call budget, leased out in chunks) and the recent
 * attempt times per key of the console's sign-in and code limits. Neither holds a credential:
 * keys are token ids, email addresses and client addresses.
 */
export const sharedLimits: Migration = {
  version: 14,
  name: 'shared_limits',
  up: async (trx) => {
    await run(trx, [
      sql`create table rate_windows (
        key text not null,
        window_start bigint not null,
        count integer not null,
        primary key (key, window_start))`,
      sql`create index rate_windows_window_start on rate_windows (window_start)`,
      sql`create table limit_attempts (
        key text primary key,
        times bigint[] not null,
        expires_at timestamptz not null)`,
      sql`create index limit_attempts_expires_at on limit_attempts (expires_at)`,
    ]);
  },
};
