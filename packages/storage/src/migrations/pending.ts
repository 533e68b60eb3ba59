import type { Db } from '../db/types.js';
import { MIGRATIONS } from './index.js';
import type { Migration } from './types.js';

/**
 * The versions this build knows that the database has not applied; rejects when the database does
 * not answer. Versions applied by a newer build are not this build's concern.
 */
export async function pendingMigrations(args: {
  db: Db;
  migrations?: readonly Migration[];
}): Promise<number[]> {
  const rows = await args.db.selectFrom('schema_migrations').select('version').execute();
  const applied = new Set(rows.map((row) => row.version));
  return (args.migrations ?? MIGRATIONS).map((m) => m.version).filter((v) => !applied.has(v));
}
