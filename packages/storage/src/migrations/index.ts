import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import { MIGRATIONS } from './list.gen.js';
import type { Migration } from './types.js';

/**
 * Every migration, in version order: each `NNN_name.ts` file of this folder, listed by
 * `npm run generate` (list.gen.ts). Append only; never edit one that has shipped.
 */
export { MIGRATIONS };

// Any constant works; it only has to be the same for every instance ("comply" in ASCII).
const MIGRATION_LOCK_KEY = 0x636f6d706c79;

/**
 * Applies the pending migrations in ONE transaction under an advisory lock, so concurrent
 * start-ups serialize and a failure leaves the database as it was. Returns the versions applied.
 */
export async function runMigrations(args: {
  db: Db;
  schema?: string | undefined;
  migrations?: readonly Migration[];
}): Promise<number[]> {
  const migrations = args.migrations ?? MIGRATIONS;
  return args.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    if (args.schema) await sql`create schema if not exists ${sql.id(args.schema)}`.execute(trx);
    await sql`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now())`.execute(trx);
    const done = new Set(
      (await trx.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version),
    );
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await migration.up(trx);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
        .execute();
      applied.push(migration.version);
    }
    return applied;
  });
}
