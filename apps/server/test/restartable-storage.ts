import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobSchemaName, openStorage, type StorageOptions } from '@comply/storage';
import { sql } from 'kysely';

/**
 * Storage options a test can open, close and open again (a restart): a PGlite data directory, or a
 * schema of TEST_DATABASE_URL on PostgreSQL; `remove` deletes it, the job engine's schema included.
 */
export async function restartableStorage(
  driver: 'pglite' | 'postgres',
  prefix: string,
): Promise<{ options: StorageOptions; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), `comply-${prefix}-`));
  const schema = `${prefix.slice(0, 8)}_${randomBytes(5).toString('hex')}`;
  const options: StorageOptions =
    driver === 'postgres'
      ? { databaseUrl: process.env.TEST_DATABASE_URL, schema }
      : { dataDir: join(root, 'data') };
  return {
    options,
    remove: async () => {
      if (driver === 'postgres') {
        const storage = await openStorage(options);
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db);
        await sql`drop schema if exists ${sql.id(jobSchemaName(schema))} cascade`.execute(storage.db);
        await storage.close();
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}
