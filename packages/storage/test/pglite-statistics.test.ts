import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeChangedTables } from '../src/db/pglite/statistics.js';
import { type Storage, seedBulk } from '../src/index.js';
import { openTestStorage } from './helpers.js';

async function lastAnalyze(storage: Storage, table: string): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    select last_analyze as at from pg_stat_user_tables
    where schemaname = current_schema() and relname = ${table}`.execute(storage.db);
  return rows[0]?.at ?? null;
}

describe('planner statistics on PGlite, which has no autovacuum', () => {
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await dispose?.();
    dispose = undefined;
  });

  it('analyzes a table after a bulk write, as autovacuum would', async () => {
    const opened = await openTestStorage({ driver: 'pglite', options: { statisticsIntervalMs: 100 } });
    dispose = opened.dispose;
    const { storage } = opened;
    const owner = await storage.users.create({ email: 'owner@example.com', password: 'correct horse' });
    await seedBulk({ storage, ownerUserId: owner.id, orgs: 1, risks: 2_000 });
    // PGlite publishes its table counters about a second after a commit; the keeper runs every 100 ms.
    const deadline = Date.now() + 20_000;
    while (!(await lastAnalyze(storage, 'risks')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await lastAnalyze(storage, 'risks')).toBeInstanceOf(Date);
    const { rows } = await sql<{ tuples: number }>`
      select reltuples as tuples from pg_class where oid = 'risks'::regclass`.execute(storage.db);
    expect(Number(rows[0]?.tuples)).toBeGreaterThanOrEqual(2_000);
  });

  it('leaves tables with few changes alone', async () => {
    const opened = await openTestStorage({ driver: 'pglite', options: { statisticsIntervalMs: 3_600_000 } });
    dispose = opened.dispose;
    const { storage } = opened;
    await storage.users.create({ email: 'owner@example.com', password: 'correct horse' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await analyzeChangedTables(storage.db)).not.toContain('users');
    expect(await lastAnalyze(storage, 'users')).toBeNull();
  });
});
