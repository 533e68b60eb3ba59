import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { createAuthCache } from './accounts/auth-cache.js';
import { type ChangeFeed, createChangeFeed } from './changes/feed.js';
import type { StorageContext } from './context.js';
import { type Clock, systemClock } from './dates.js';
import { connect, type DriverName } from './db/connect.js';
import { runCall } from './db/pglite/call-order.js';
import { keepPgliteStatistics } from './db/pglite/statistics.js';
import type { Database, Db } from './db/types.js';
import { StorageError } from './errors.js';
import { runMigrations } from './migrations/index.js';
import { type Repositories, repositories } from './repositories.js';

/** Options of openStorage. */
export interface StorageOptions {
  /** `postgres://…` selects PostgreSQL; anything else (or unset) embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory (default `.comply/data`; `memory://` for tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to use (created if missing); tests use one per file. */
  schema?: string | undefined;
  /** Decides "now" and "today" for timestamps and computed fields. */
  clock?: Clock | undefined;
  /** Maximum pooled PostgreSQL connections (default 10). */
  poolSize?: number | undefined;
  /**
   * PGlite only, for a new data directory (`memory://` in tests): a `migratedTemplate()` dump to
   * start from instead of initdb and every migration.
   */
  template?: Blob | undefined;
  /** PGlite only: how often changed tables are analyzed, as autovacuum would (default 30 s). */
  statisticsIntervalMs?: number | undefined;
}

/** An open database with its repositories. */
export interface Storage extends Repositories {
  driver: DriverName;
  /** The Kysely instance, for report queries and the seed generator. */
  db: Kysely<Database>;
  /** Resolves when the database answers; rejects with UNAVAILABLE otherwise. */
  ping(): Promise<void>;
  /** The clock the repositories use for "now" and "today". */
  clock: Clock;
  /** Versions of each organization's data, for caches of read results (see docs/performance.md). */
  changes: Pick<ChangeFeed, 'dataVersion' | 'dataChanged'>;
  /**
   * Runs `fn` as one call (a tool call, say): on the embedded engine, whose one connection serves
   * callers in turn, the statements of a call that began earlier go before those of later calls,
   * so a call is not queued behind every newer one again for each of its statements. On
   * PostgreSQL it only runs `fn`.
   */
  runCall<T>(fn: () => Promise<T>): Promise<T>;
  /** Where the database is, for the job engine's own connections (src/jobs/open.ts). */
  connection: { databaseUrl: string | undefined; schema: string | undefined };
  /** Runs `fn` with repositories bound to one transaction; rolls back if it throws. */
  transaction<T>(fn: (repos: Repositories & { db: Transaction<Database> }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function loadCursorSecret(db: Db): Promise<Buffer> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'cursor_secret')
    .executeTakeFirst();
  if (!row)
    throw new StorageError({
      code: 'UNAVAILABLE',
      message: 'The database has no cursor secret; migrations did not run.',
    });
  return Buffer.from(row.value, 'hex');
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

/** Connects, runs pending migrations (under a lock) and returns the repositories. */
export async function openStorage(options: StorageOptions = {}): Promise<Storage> {
  let changes: ChangeFeed | undefined;
  const { db, driver, release, listen, flushChanges } = await connect({
    ...options,
    onPayload: (payload) => changes?.receive(payload),
  });
  try {
    await runMigrations({ db, schema: options.schema });
    const clock = options.clock ?? systemClock;
    changes = createChangeFeed({ schema: await currentSchema(db) });
    const stopListening = await listen(changes);
    const stopStatistics =
      driver === 'pglite'
        ? keepPgliteStatistics({ db, intervalMs: options.statisticsIntervalMs ?? 30_000 })
        : async () => undefined;
    const ctx: StorageContext = {
      db,
      driver,
      clock,
      cursorSecret: await loadCursorSecret(db),
      changes,
      authCache: createAuthCache({ feed: changes, clock }),
    };
    return {
      driver,
      db,
      clock,
      changes,
      ...repositories(ctx),
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      // Only the embedded engine ranks its callers; PostgreSQL's pool needs no order, nor the cost
      // of tracking one through every promise.
      runCall: driver === 'pglite' ? runCall : (fn) => fn(),
      connection: {
        databaseUrl: driver === 'postgres' ? options.databaseUrl : undefined,
        schema: options.schema,
      },
      transaction: (fn) =>
        db.transaction().execute((trx) => fn({ ...repositories({ ...ctx, db: trx }), db: trx })),
      close: async () => {
        await stopStatistics();
        await flushChanges?.();
        await stopListening();
        await db.destroy();
        release?.();
      },
    };
  } catch (error) {
    await flushChanges?.().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    release?.();
    throw error;
  }
}
