import type { Storage } from '../storage.js';
import { type JobEngine, localEngine, pgBossEngine } from './engine.js';

/** The job engine of an open storage: pg-boss on PostgreSQL, the local scheduler on PGlite. */
export function openJobEngine(args: {
  storage: Storage;
  /** How often workers look for due jobs (pg-boss's minimum is 500 ms). */
  pollMs: number;
  onError: (name: string, error: unknown) => void;
}): JobEngine {
  const { storage } = args;
  if (storage.driver === 'postgres' && storage.connection.databaseUrl) {
    return pgBossEngine({
      connectionString: storage.connection.databaseUrl,
      schema: storage.connection.schema,
      pollMs: args.pollMs,
      onError: args.onError,
    });
  }
  return localEngine({ db: storage.db, clock: storage.clock, pollMs: args.pollMs, onError: args.onError });
}
