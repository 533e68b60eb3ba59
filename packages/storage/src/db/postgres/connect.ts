import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  collectDeferredChanges,
  createChangeNotifier,
  DEFERRED_NOTIFY_OPTION,
} from '../../changes/deferred.js';
import { listenOnPoolConnections, listenOnPostgres } from '../../changes/listen.js';
import type { Connection } from '../connect.js';
import { GuardedDialect } from '../guarded-dialect.js';
import type { Database } from '../types.js';
import { preparedStatementPool } from './prepared-pool.js';

const DATE_OID = 1082;
const INT8_OID = 20;

// Dates stay `YYYY-MM-DD` strings (no time-zone shifts); counts become numbers.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === DATE_OID) return (value: string) => value;
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** Opens a pool on a PostgreSQL server, its queries run as prepared statements (prepared-pool.ts). */
export function connectPostgres(args: {
  databaseUrl: string;
  schema?: string | undefined;
  poolSize?: number | undefined;
  onPayload?: ((payload: string) => void) | undefined;
}): Connection {
  const { schema, onPayload } = args;
  // With a change feed to keep, register writes announce themselves by NOTICE and the pool sends
  // the NOTIFY after the transaction (src/changes/deferred.ts); without one, triggers notify.
  const options = [schema ? `-c search_path=${schema}` : '', onPayload ? DEFERRED_NOTIFY_OPTION : '']
    .filter(Boolean)
    .join(' ');
  const pool = new pg.Pool({
    connectionString: args.databaseUrl,
    max: args.poolSize ?? 10,
    types: pgTypes,
    ...(options ? { options } : {}),
    ...(onPayload ? { onConnect: listenOnPoolConnections({ onPayload }) } : {}),
  });
  // A connection dropped by the server (a PostgreSQL restart) emits 'error' on the pool when idle
  // and on the client when checked out between queries; uncaught, either ends the process. The pool
  // discards idle ones, and the next query on a checked-out one fails as UNAVAILABLE.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  let flushChanges: (() => Promise<void>) | undefined;
  if (onPayload) {
    const notifier = createChangeNotifier({ pool });
    flushChanges = () => notifier.close();
    collectDeferredChanges({
      pool,
      onEnded: (payloads) => {
        // This instance first (read-your-writes), then the others.
        for (const payload of payloads) onPayload(payload);
        notifier.send(payloads);
      },
    });
  }
  const db = new Kysely<Database>({
    dialect: new GuardedDialect(new PostgresDialect({ pool: preparedStatementPool(pool) })),
  });
  const connectionString = args.databaseUrl;
  return {
    db,
    driver: 'postgres',
    listen: (feed) => listenOnPostgres({ connectionString, schema, feed }),
    ...(flushChanges ? { flushChanges } : {}),
  };
}
