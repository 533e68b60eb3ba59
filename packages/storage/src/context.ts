import type { Transaction } from 'kysely';
import type { AuthCache } from './accounts/auth-cache.js';
import type { ChangeFeed } from './changes/feed.js';
import type { Clock } from './dates.js';
import type { Database, Db } from './db/types.js';
import type { AuditSource } from './enums.js';

/** What every repository is built from. */
export interface StorageContext {
  db: Db;
  /** Which engine `db` talks to, for the few statements each does best its own way. */
  driver: 'pglite' | 'postgres';
  clock: Clock;
  cursorSecret: Buffer;
  /** Versions of organizations' data and of authentication data, for caches. */
  changes: ChangeFeed;
  authCache: AuthCache;
}

/** Who is writing: recorded in the audit log with every write. */
export interface Actor {
  userId: string | null;
  tokenId: string | null;
  source: AuditSource;
  /** The tool name or console action, e.g. `addRisk`. */
  action: string;
}

/** Runs `fn` in the caller's transaction when there is one, otherwise in a new one. */
export function inTransaction<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<Database>);
  return db.transaction().execute(fn);
}
