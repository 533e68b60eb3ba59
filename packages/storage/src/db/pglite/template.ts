import { Kysely } from 'kysely';
import { runMigrations } from '../../migrations/index.js';
import { GuardedDialect } from '../guarded-dialect.js';
import type { Database } from '../types.js';
import { openPglite } from './connect.js';
import { PGliteDialect } from './dialect.js';

/**
 * A dump of a new embedded database with every migration applied, to pass as `template` to
 * openStorage: an embedded database started from it skips initdb and the migrations (most of the
 * cost of a start), then finds nothing pending. Test suites start hundreds of databases; they make
 * one template and start each from it. The dump holds the settings the migrations generate (the
 * cursor secret, the webhook key), so every database started from one template shares them.
 */
export async function migratedTemplate(): Promise<Blob> {
  const pglite = openPglite({ dataDir: 'memory://' });
  const db = new Kysely<Database>({ dialect: new GuardedDialect(new PGliteDialect(pglite)) });
  try {
    await runMigrations({ db });
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}
