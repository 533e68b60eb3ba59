import { sql } from 'kysely';
import type { Db } from '../types.js';

/** Stops the keeper and waits for an ANALYZE in progress. */
export type StopStatistics = () => Promise<void>;

/**
 * PGlite runs no autovacuum, so without this its tables never get planner statistics and the planner
 * guesses row counts: with a few thousand framework controls that turned index lookups into loops over
 * every row (docs/performance.md). Every `intervalMs` the keeper analyzes the tables of the schema that
 * changed past autovacuum's default threshold (50 rows + 10 % of the table), as PostgreSQL's own
 * autovacuum would. ANALYZE samples at most 30,000 rows a table, so a run stays short.
 */
export function keepPgliteStatistics({ db, intervalMs }: { db: Db; intervalMs: number }): StopStatistics {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = analyzeChangedTables(db).then(
      () => undefined,
      () => undefined,
    );
  };
  const timer = setInterval(() => {
    if (!stopped) void running.then(tick);
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

/** Analyzes the current schema's tables whose changes since their last ANALYZE pass the threshold. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select s.relname as table
    from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
      and s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`.execute(db);
  for (const { table } of rows) await sql`analyze ${sql.id(table)}`.execute(db);
  return rows.map((row) => row.table);
}
