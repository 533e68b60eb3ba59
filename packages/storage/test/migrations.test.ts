import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.js';
import { MIGRATIONS, type Migration, openStorage, runMigrations } from '../src/index.js';
import { DRIVERS, dropSchema, openTestStorage, randomSchema } from './helpers.js';

const failing: Migration = {
  version: 999,
  name: 'fails_halfway',
  up: async (trx) => {
    await sql`create table should_vanish (id integer)`.execute(trx);
    await sql`update settings set value = 'changed' where key = 'cursor_secret'`.execute(trx);
    await sql`select 1 / 0`.execute(trx);
  },
};

async function tableExists(db: Parameters<typeof runMigrations>[0]['db'], table: string): Promise<boolean> {
  const result = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db);
  return result.rows[0]?.found !== null;
}

describe.each(DRIVERS)('migrations on $name', ({ name }) => {
  const url = () => (name === 'postgres' ? process.env.TEST_DATABASE_URL : 'memory://');

  it('applies every migration once and is a no-op the second time', async () => {
    const { storage, dispose } = await openTestStorage({ driver: name });
    try {
      const versions = await storage.db
        .selectFrom('schema_migrations')
        .select('version')
        .orderBy('version')
        .execute();
      expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await runMigrations({ db: storage.db })).toEqual([]);
    } finally {
      await dispose();
    }
  });

  it('rolls a failed migration back completely on an existing database', async () => {
    const { storage, dispose } = await openTestStorage({ driver: name });
    try {
      const secret = await storage.db.selectFrom('settings').select('value').executeTakeFirstOrThrow();
      await expect(runMigrations({ db: storage.db, migrations: [...MIGRATIONS, failing] })).rejects.toThrow();
      expect(await tableExists(storage.db, 'should_vanish')).toBe(false);
      expect(await storage.db.selectFrom('settings').select('value').executeTakeFirstOrThrow()).toEqual(
        secret,
      );
      const applied = await storage.db.selectFrom('schema_migrations').select('version').execute();
      expect(applied.map((row) => row.version)).not.toContain(999);
    } finally {
      await dispose();
    }
  });

  it('leaves a fresh database empty when any migration of the batch fails', async () => {
    const schema = randomSchema();
    const { db } = await connect({ databaseUrl: url(), schema });
    try {
      await expect(runMigrations({ db, schema, migrations: [MIGRATIONS[0]!, failing] })).rejects.toThrow();
      expect(await tableExists(db, 'settings')).toBe(false);
      expect(await tableExists(db, 'organizations')).toBe(false);
    } finally {
      await db.destroy();
      if (name === 'postgres') await dropSchema(schema);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent start-up on postgres', () => {
  it('lets several instances open the same empty schema at once', async () => {
    const schema = randomSchema();
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(() => openStorage({ databaseUrl: process.env.TEST_DATABASE_URL, schema, poolSize: 2 })),
      );
      const [first] = opened;
      const versions = await first!.db.selectFrom('schema_migrations').select('version').execute();
      expect(versions.map((v) => v.version).sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version));
      const secrets = await first!.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'cursor_secret')
        .execute();
      expect(secrets).toHaveLength(1);
      await Promise.all(opened.map((storage) => storage.close()));
    } finally {
      await dropSchema(schema);
    }
  });
});
