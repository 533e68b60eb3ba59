import type pg from 'pg';
import { DEFERRED_CHANGE_CODE } from '../migrations/013_deferred_notify.js';
import { CHANGES_CHANNEL } from './feed.js';

/**
 * The startup options that make a session's register writes announce by NOTICE (migration 013),
 * and make sure notices reach it even where the server's default `client_min_messages` is higher.
 */
export const DEFERRED_NOTIFY_OPTION = '-c comply.notify=deferred -c client_min_messages=notice';

type PendingClient = pg.PoolClient & { complyPending?: Set<string> };

/**
 * Collects the change notices of each pooled connection and hands them to `onEnded` when the
 * connection goes back to the pool. Kysely releases a connection only after its statement, or its
 * transaction's COMMIT or ROLLBACK, has been answered, so the changes are final (or void) by then:
 * announcing them earlier could let a reader cache the old rows under the new version. A rolled
 * back write is announced too, which only costs other instances one cache miss.
 */
export function collectDeferredChanges({
  pool,
  onEnded,
}: {
  pool: pg.Pool;
  onEnded: (payloads: string[]) => void;
}): void {
  pool.on('connect', (client: PendingClient) => {
    client.on('notice', (notice) => {
      if (notice.code !== DEFERRED_CHANGE_CODE || !notice.message) return;
      client.complyPending ??= new Set();
      client.complyPending.add(notice.message);
    });
  });
  const hand = (client: PendingClient) => {
    const pending = client.complyPending;
    if (!pending?.size) return;
    client.complyPending = undefined;
    onEnded([...pending]);
  };
  // pg-pool emits 'release' for every return to the pool, an errored connection's included.
  pool.on('release', (_error: Error | undefined, client: PendingClient) => hand(client));
}

function notifyAll(pool: pg.Pool, payloads: string[]): Promise<unknown> {
  return pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
    CHANGES_CHANNEL,
    payloads,
  ]);
}

/** Sends deferred change notifications, batching those that arrive while one is in flight. */
export interface ChangeNotifier {
  send(payloads: readonly string[]): void;
  /** Sends what is pending once more and stops retrying. */
  close(): Promise<void>;
}

/**
 * One NOTIFY statement at a time, carrying every payload that waited for it: PostgreSQL's commit
 * lock for notifications is then taken once per batch instead of once per write. A failed send
 * (the server restarting) is retried after `retryMs` until `close`; other instances' caches are
 * bounded by the read cache's age limit meanwhile (docs/performance.md).
 */
export function createChangeNotifier({
  pool,
  retryMs = 1000,
}: {
  pool: pg.Pool;
  retryMs?: number;
}): ChangeNotifier {
  let pending = new Set<string>();
  let running: Promise<void> | undefined;
  let closed = false;

  async function drain(): Promise<void> {
    while (pending.size > 0) {
      const batch = [...pending];
      pending = new Set();
      try {
        await notifyAll(pool, batch);
      } catch {
        for (const payload of batch) pending.add(payload);
        if (closed) return;
        await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
      }
    }
  }

  function start(): void {
    if (running || closed) return;
    running = drain().finally(() => {
      running = undefined;
      if (pending.size > 0) start();
    });
  }

  return {
    send(payloads) {
      for (const payload of payloads) pending.add(payload);
      start();
    },
    async close() {
      // One last attempt for what is pending, then stop retrying.
      const last = running;
      closed = true;
      await last;
      if (pending.size > 0) await notifyAll(pool, [...pending]).catch(() => undefined);
      pending.clear();
    },
  };
}
