import type { Kysely } from 'kysely';
import type { ChangeFeed } from '../changes/feed.js';
import type { StopListening } from '../changes/listen.js';
import { invalidInput } from '../errors.js';
import { connectPglite } from './pglite/connect.js';
import { connectPostgres } from './postgres/connect.js';
import type { Database } from './types.js';

/** Which database engine a Storage talks to. */
export type DriverName = 'postgres' | 'pglite';

/** An open database, whichever the engine. */
export interface Connection {
  db: Kysely<Database>;
  driver: DriverName;
  release?: () => void;
  listen: (feed: ChangeFeed) => Promise<StopListening>;
  /** Sends the change notifications still waiting (PostgreSQL); call before destroying `db`. */
  flushChanges?: () => Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

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

/**
 * Opens a Kysely instance on PostgreSQL (`postgres/`) or PGlite (`pglite/`); migrations are not
 * run here.
 */
export async function connect(args: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  schema?: string | undefined;
  poolSize?: number | undefined;
  /** PGlite, a new data directory only: a `dumpDataDir` to start from (see `migratedTemplate`). */
  template?: Blob | undefined;
  /** Receives the change notifications pooled connections see (a writer's own arrive on commit). */
  onPayload?: (payload: string) => void;
}): Promise<Connection> {
  const schema = args.schema === undefined ? undefined : checkSchemaName(args.schema);
  if (isPostgresUrl(args.databaseUrl)) {
    return connectPostgres({
      databaseUrl: args.databaseUrl,
      schema,
      poolSize: args.poolSize,
      onPayload: args.onPayload,
    });
  }
  const dataDir = args.databaseUrl ?? args.dataDir ?? '.comply/data';
  return connectPglite({ dataDir, schema, template: args.template });
}
