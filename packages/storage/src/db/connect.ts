import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { collectDeferredChanges, createChangeNotifier, DEFERRED_NOTIFY_OPTION } from '../changes/deferred.js';
import type { ChangeFeed } from '../changes/feed.js';
import {
  listenOnPglite,
  listenOnPoolConnections,
  listenOnPostgres,
  type StopListening,
} from '../changes/listen.js';
import { invalidInput } from '../errors.js';
import { lockDataDir } from './data-dir-lock.js';
import { GuardedDialect } from './guarded-dialect.js';
import { PGliteDialect } from './pglite-dialect.js';
import { preparedStatementPool } from './prepared-pool.js';
import type { Database } from './types.js';

/** Which database engine a Storage talks to. */
export type DriverName = 'postgres' | 'pglite';

const DATE_OID = 1082;
const INT8_OID = 20;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

// Dates stay `YYYY-MM-DD` strings (no time-zone shifts); counts become numbers.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === DATE_OID) return (value: string) => value;
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** True when the URL names a PostgreSQL server rather than an embedded data directory. */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

/** Validates a PostgreSQL schema name; only simple lower-case identifiers are accepted. */
export function checkSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw invalidInput('schema', 'The schema name must be a lower-case identifier (a-z, 0-9, _).');
  }
  return schema;
}

/** How PGlite reads dates (as the wire's strings) and int8 (as numbers), like the pg driver here. */
export const PGLITE_PARSERS = {
  [pgliteTypes.DATE]: (value: string) => value,
  [pgliteTypes.INT8]: (value: string) => Number(value),
};

/** An embedded database; `template` (a `dumpDataDir`) fills a new data directory instead of initdb. */
export function openPglite({ dataDir, template }: { dataDir: string; template?: Blob | undefined }): PGlite {
  return new PGlite(dataDir, {
    // Bundled with PGlite; migration 010 builds the `query` trigram index with it.
    extensions: { pg_trgm },
    parsers: PGLITE_PARSERS,
    ...(template ? { loadDataDir: template } : {}),
  });
}

/** Opens a Kysely instance on PostgreSQL or PGlite; migrations are not run here. */
export async function connect(args: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  schema?: string | undefined;
  poolSize?: number | undefined;
  /** PGlite, a new data directory only: a `dumpDataDir` to start from (see `migratedTemplate`). */
  template?: Blob | undefined;
  /** Receives the change notifications pooled connections see (a writer's own arrive on commit). */
  onPayload?: (payload: string) => void;
}): Promise<{
  db: Kysely<Database>;
  driver: DriverName;
  release?: () => void;
  listen: (feed: ChangeFeed) => Promise<StopListening>;
  /** Sends the change notifications still waiting (PostgreSQL); call before destroying `db`. */
  flushChanges?: () => Promise<void>;
}> {
  const schema = args.schema === undefined ? undefined : checkSchemaName(args.schema);
  if (isPostgresUrl(args.databaseUrl)) {
    const onPayload = args.onPayload;
    // With a change feed to keep, register writes announce themselves by NOTICE and the pool sends
    // the NOTIFY after the transaction (src/changes/deferred.ts); without one, triggers notify.
    const options = [schema ? `-c search_path=${schema}` : '', onPayload ? DEFERRED_NOTIFY_OPTION : '']
      .filter(Boolean)
      .join(' ');
    const pool = new pg.Pool({
      connectionString: args.databaseUrl,
      max: args.poolSize ?? 10,
      types: pgTypes,
      ...(options ? { options } : {}),
    });
    // A connection dropped by the server (a PostgreSQL restart) emits 'error' on the pool when idle
    // and on the client when checked out between queries; uncaught, either ends the process. The pool
    // discards idle ones, and the next query on a checked-out one fails as UNAVAILABLE.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    let flushChanges: (() => Promise<void>) | undefined;
    if (onPayload) {
      const notifier = createChangeNotifier({ pool });
      flushChanges = () => notifier.close();
      listenOnPoolConnections({ pool, onPayload });
      collectDeferredChanges({
        pool,
        onEnded: (payloads) => {
          // This instance first (read-your-writes), then the others.
          for (const payload of payloads) onPayload(payload);
          notifier.send(payloads);
        },
      });
    }
    const db = new Kysely<Database>({
      dialect: new GuardedDialect(new PostgresDialect({ pool: preparedStatementPool(pool) })),
    });
    const connectionString = args.databaseUrl;
    return {
      db,
      driver: 'postgres',
      listen: (feed) => listenOnPostgres({ connectionString, schema, feed }),
      ...(flushChanges ? { flushChanges } : {}),
    };
  }
  const dataDir = args.databaseUrl ?? args.dataDir ?? '.comply/data';
  const release = dataDir.includes('://') ? () => undefined : lockDataDir(dataDir);
  const pglite = openPglite({ dataDir, template: args.template });
  const db = new Kysely<Database>({ dialect: new GuardedDialect(new PGliteDialect(pglite)) });
  if (schema) {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    await sql`set search_path to ${sql.id(schema)}`.execute(db);
  }
  return { db, driver: 'pglite', release, listen: (feed) => listenOnPglite({ pglite, feed }) };
}
