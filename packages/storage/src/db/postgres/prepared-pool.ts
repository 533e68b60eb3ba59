import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

// Enough for every query shape the repositories build; beyond it statements run unprepared, so a
// caller cycling through filter combinations cannot grow the server's memory without bound.
const MAX_PREPARED_PER_CONNECTION = 256;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

const preparedByClient = new WeakMap<pg.PoolClient, Set<string>>();

function statementName({ client, text }: { client: pg.PoolClient; text: string }): string | undefined {
  if (!PREPARABLE.test(text)) return undefined;
  const name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  let names = preparedByClient.get(client);
  if (!names) {
    names = new Set();
    preparedByClient.set(client, names);
  }
  if (names.has(name)) return name;
  if (names.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
  names.add(name);
  return name;
}

/**
 * A pool whose clients run Kysely's parameterized queries as named prepared statements, so
 * PostgreSQL parses and plans each query shape once per connection instead of on every call
 * (planning the register selects costs more than executing them).
 */
export function preparedStatementPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        // biome-ignore lint/suspicious/noExplicitAny: mirrors pg's overloaded query signature.
        query: ((textOrCursor: any, values?: unknown[]) => {
          if (typeof textOrCursor !== 'string' || !values || values.length === 0) {
            return client.query(textOrCursor, values);
          }
          const name = statementName({ client, text: textOrCursor });
          return client.query(name ? { name, text: textOrCursor, values } : { text: textOrCursor, values });
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}
