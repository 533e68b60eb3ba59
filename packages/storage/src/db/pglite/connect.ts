import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, sql } from 'kysely';
import { listenOnPglite } from '../../changes/listen.js';
import type { Connection } from '../connect.js';
import { GuardedDialect } from '../guarded-dialect.js';
import type { Database } from '../types.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteDialect } from './dialect.js';

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

/**
 * Opens an embedded database: a data directory (claimed for this process, see data-dir-lock.ts) or
 * a `memory://` URL, behind one connection (dialect.ts).
 */
export async function connectPglite(args: {
  dataDir: string;
  schema?: string | undefined;
  template?: Blob | undefined;
}): Promise<Connection> {
  const { dataDir, schema } = args;
  const release = dataDir.includes('://') ? () => undefined : lockDataDir(dataDir);
  const pglite = openPglite({ dataDir, template: args.template });
  const db = new Kysely<Database>({ dialect: new GuardedDialect(new PGliteDialect(pglite)) });
  if (schema) {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    await sql`set search_path to ${sql.id(schema)}`.execute(db);
  }
  return { db, driver: 'pglite', release, listen: (feed) => listenOnPglite({ pglite, feed }) };
}
