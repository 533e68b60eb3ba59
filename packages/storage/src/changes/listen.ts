import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { CHANGES_CHANNEL, type ChangeFeed } from './feed.js';

/** Stops listening. */
export type StopListening = () => Promise<void>;

const LISTEN = `listen ${CHANGES_CHANNEL}`;

/** The dedicated listener's application_name in pg_stat_activity, for operators and tests. */
export function listenerName(schema: string | undefined): string {
  return schema ? `comply-listener ${schema}` : 'comply-listener';
}

/**
 * The pool's `onConnect` hook that makes every pooled connection LISTEN too. PostgreSQL delivers a
 * session's own notifications before the COMMIT's reply, so a write through this pool has updated
 * the feed when it resolves: read-your-writes on one instance without waiting for the dedicated
 * listener. The pool hands a new connection out once its LISTEN has been answered: a query sent
 * meanwhile would share the client with it, which node-postgres deprecates (pg@9 refuses it).
 */
export function listenOnPoolConnections({
  onPayload,
}: {
  onPayload: (payload: string) => void;
}): (client: pg.ClientBase) => Promise<void> {
  return async (client) => {
    client.on('notification', (message) => {
      if (message.payload) onPayload(message.payload);
    });
    // A connection that cannot LISTEN still serves; its own writes then arrive by the listener.
    await client.query(LISTEN).catch(() => undefined);
  };
}

/**
 * One dedicated connection LISTENing on the changes channel, reconnecting after `retryMs`. While
 * it is down the feed is not live (caches that depend on it stop serving); when it is back, the
 * feed starts from scratch since notifications may have been missed.
 */
export async function listenOnPostgres({
  connectionString,
  schema,
  feed,
  retryMs = 1000,
}: {
  connectionString: string;
  schema: string | undefined;
  feed: ChangeFeed;
  retryMs?: number;
}): Promise<StopListening> {
  let stopped = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function start(): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: listenerName(schema) });
    current = client;
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      feed.setLive(false);
      client.end().catch(() => undefined);
      if (stopped) return;
      timer = setTimeout(() => void start(), retryMs);
      timer.unref();
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (message) => {
      if (message.payload) feed.receive(message.payload);
    });
    try {
      await client.connect();
      await client.query(LISTEN);
      if (!failed && !stopped) feed.setLive(true);
    } catch {
      fail();
    }
  }

  await start();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    feed.setLive(false);
    await current?.end().catch(() => undefined);
  };
}

/** PGlite is one in-process connection: its notifications arrive before the COMMIT resolves. */
export async function listenOnPglite({
  pglite,
  feed,
}: {
  pglite: PGlite;
  feed: ChangeFeed;
}): Promise<StopListening> {
  const unlisten = await pglite.listen(CHANGES_CHANNEL, (payload) => feed.receive(payload));
  feed.setLive(true);
  return async () => {
    feed.setLive(false);
    await unlisten().catch(() => undefined);
  };
}
