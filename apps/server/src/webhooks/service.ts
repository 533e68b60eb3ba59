import { type Enqueue, type JobEngine, openJobEngine, type Storage } from '@comply/storage';
import { Webhook } from 'standardwebhooks';
import { postOnce } from './post.js';
import { decryptSecret, type SecretKeys } from './secrets.js';
import { parseTarget, type TargetPolicy, TargetRefused } from './target.js';

/** The queue of webhook delivery jobs: one job per delivery (and per replay). */
export const DELIVERY_QUEUE = 'comply-webhook-delivery';

/** Settings of the job engine and of deliveries (COMPLY_JOBS*, COMPLY_WEBHOOK_*). */
export interface JobsConfig {
  /** Run jobs in this process (off: events wait in the outbox for an instance that runs them). */
  enabled: boolean;
  pollMs: number;
  /** Retries after the first attempt; the delay doubles from `retryDelaySeconds` (with jitter on pg-boss). */
  retryLimit: number;
  retryDelaySeconds: number;
  timeoutMs: number;
  allowPrivate: boolean;
  allowHttpLoopback: boolean;
  /** 32 bytes that encrypt endpoint secrets instead of the database-held key. */
  secretKey: Buffer | undefined;
}

export interface WebhookService {
  policy: TargetPolicy;
  keys: SecretKeys;
  /** Puts delivery jobs on the queue inside a storage transaction. */
  enqueue: Enqueue;
  /** Starts the engine now (before, it starts once an endpoint exists). */
  ensureStarted(): Promise<void>;
  /** The engine, once started (reminders and other jobs use it too: docs/jobs.md). */
  engine(): JobEngine | undefined;
  /** More work for the engine (queues, workers, periodic tasks), set up when it starts; before `start`. */
  extend(setup: (engine: JobEngine) => Promise<void>): void;
  start(): void;
  stop(): Promise<void>;
}

/** The Standard Webhooks message of an event: `{type, timestamp, data}`. */
export function messageBody(event: {
  type: string;
  created_at: string;
  payload: Record<string, unknown>;
}): string {
  return JSON.stringify({ type: event.type, timestamp: event.created_at, data: event.payload });
}

export function createWebhookService(args: {
  storage: Storage;
  config: JobsConfig;
  log: { error(object: unknown, message: string): void; warn(object: unknown, message: string): void };
  /** Tests: a resolver for endpoint host names. */
  resolve?: ((host: string) => Promise<string[]>) | undefined;
}): WebhookService {
  const { storage, config, log } = args;
  const policy: TargetPolicy = {
    allowPrivate: config.allowPrivate,
    allowHttpLoopback: config.allowHttpLoopback,
    resolve: args.resolve,
  };
  const keys: SecretKeys = { env: config.secretKey, db: () => storage.webhooks.storedSecretKey() };
  const onError = (name: string, error: unknown) => log.error({ err: error, job: name }, 'job engine error');
  let engine: JobEngine | undefined;
  let starting: Promise<void> | undefined;
  let watch: NodeJS.Timeout | undefined;
  let stopped = false;
  const setups: ((engine: JobEngine) => Promise<void>)[] = [];

  async function deliver(data: Record<string, unknown>, run: { retryCount: number; retryLimit: number }) {
    const deliveryId = String(data.deliveryId ?? '');
    const work = await storage.webhooks.work({ deliveryId });
    // Delivered already (a replayed job of a delivered one runs again), gone, or its endpoint disabled.
    if (!work?.enabled || work.delivery.status === 'DELIVERED') return;
    const final = run.retryCount >= run.retryLimit;
    const startedAt = new Date();
    const t0 = performance.now();
    let result: { status: number | null; body: string | null; error: string | null };
    try {
      const url = parseTarget(work.url, policy);
      const secret = await decryptSecret(keys, work.secret_ciphertext);
      const body = messageBody(work.event);
      const timestamp = new Date();
      const signature = new Webhook(secret).sign(work.event.id, timestamp, body);
      result = await postOnce({
        url,
        body,
        timeoutMs: config.timeoutMs,
        policy,
        headers: {
          'webhook-id': work.event.id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
    } catch (error) {
      result = {
        status: null,
        body: null,
        error:
          error instanceof TargetRefused
            ? `refused: ${error.message}`
            : String((error as Error).message ?? error),
      };
    }
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    await storage.webhooks.recordAttempt({
      deliveryId,
      startedAt,
      durationMs: performance.now() - t0,
      responseStatus: result.status,
      error: result.error ?? (ok ? null : `HTTP ${result.status}`),
      responseBody: result.body,
      ok,
      final,
    });
    if (!ok && !final) throw new Error(`webhook attempt failed: ${result.error ?? `HTTP ${result.status}`}`);
  }

  async function startEngine(): Promise<void> {
    const created = openJobEngine({ storage, pollMs: config.pollMs, onError });
    await created.start();
    await created.queue(DELIVERY_QUEUE, {
      retryLimit: config.retryLimit,
      retryDelaySeconds: config.retryDelaySeconds,
      expireInSeconds: Math.ceil(config.timeoutMs / 1000) + 30,
    });
    await created.work(DELIVERY_QUEUE, deliver);
    created.every('outbox-dispatch', config.pollMs, async () => {
      while (
        !stopped &&
        (await storage.webhooks.dispatch({
          limit: 100,
          enqueue: (db, ids) => enqueueOn(created, db, ids),
        })) === 100
      ) {
        // More events wait: go on at once.
      }
    });
    for (const setup of setups) await setup(created);
    engine = created;
  }

  async function enqueueOn(target: JobEngine, db: Parameters<Enqueue>[0], ids: string[]) {
    for (const deliveryId of ids) await target.send(DELIVERY_QUEUE, { deliveryId }, { db });
  }

  async function ensureStarted(): Promise<void> {
    if (!config.enabled || stopped) return;
    starting ??= startEngine().catch((error) => {
      starting = undefined;
      throw error;
    });
    await starting;
  }

  /** Until the engine runs: start it once any endpoint exists (another instance may add one). */
  function watchForEndpoints() {
    if (stopped || engine) return;
    watch = setTimeout(async () => {
      try {
        const any = await storage.db.selectFrom('webhook_endpoints').select('id').limit(1).executeTakeFirst();
        if (any) await ensureStarted();
      } catch (error) {
        log.warn({ err: error }, 'webhook engine start deferred');
      }
      watchForEndpoints();
    }, config.pollMs);
  }

  return {
    policy,
    keys,
    enqueue: async (db, ids) => {
      await ensureStarted();
      if (engine) await enqueueOn(engine, db, ids);
      else throw new Error('jobs are off in this instance (COMPLY_JOBS)');
    },
    ensureStarted,
    engine: () => engine,
    extend: (setup) => {
      setups.push(setup);
    },
    start: () => {
      if (!config.enabled) return;
      watch = setTimeout(watchForEndpoints, 0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(watch);
      await starting?.catch(() => undefined);
      await engine?.stop();
    },
  };
}
