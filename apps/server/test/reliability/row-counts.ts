import type { Storage } from '@comply/storage';
import { sql } from 'kysely';

// Usage and sessions change on every call by design; the migration ledger never does.
const LEFT_OUT = new Set(['api_token_usage', 'console_sessions', 'schema_migrations']);

interface Tables {
  /** Every table a tool call could write, the audit log included. */
  all: string[];
  /** The tables with an updated_at: the registers and accounts. */
  dated: string[];
}

const known = new WeakMap<Storage, Promise<Tables>>();

/** The storage's tables, read from the catalog once, so a new register is covered with no edit here. */
function tablesOf(storage: Storage): Promise<Tables> {
  let tables = known.get(storage);
  if (!tables) {
    tables = sql<{ table_name: string; dated: boolean }>`select table_name,
        bool_or(column_name = 'updated_at') as dated
      from information_schema.columns
      where table_schema = current_schema()
      group by table_name order by table_name`
      .execute(storage.db)
      .then(({ rows }) => {
        const used = rows.filter((row) => !LEFT_OUT.has(row.table_name));
        return {
          all: used.map((row) => row.table_name),
          dated: used.filter((row) => row.dated).map((row) => row.table_name),
        };
      });
    known.set(storage, tables);
  }
  return tables;
}

/** Row counts of every written table, in one statement: `{ risks: 4, audit_log: 31, … }`. */
export async function rowCounts(storage: Storage): Promise<Record<string, number>> {
  const columns = (await tablesOf(storage)).all.map(
    (table) => sql`(select count(*) from ${sql.table(table)})::int as ${sql.id(table)}`,
  );
  const { rows } = await sql<Record<string, number>>`select ${sql.join(columns)}`.execute(storage.db);
  return rows[0] ?? {};
}

/** The latest `updated_at` across registers and accounts: a rejected write must not move it. */
export async function lastUpdate(storage: Storage): Promise<string> {
  const parts = (await tablesOf(storage)).dated.map(
    (table) => sql`(select max(updated_at) from ${sql.table(table)})`,
  );
  const { rows } = await sql<{ at: Date | string | null }>`select greatest(${sql.join(parts)}) as at`.execute(
    storage.db,
  );
  return String(rows[0]?.at ?? '');
}
