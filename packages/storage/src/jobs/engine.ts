import { CompiledQuery, sql, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/types.js';
import { newId } from '../ids.js';

/** A queue's retry policy: `retryLimit` retries after the first run, delays doubling from `retryDelaySeconds`. */
export interface QueuePolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long one run may take before the engine counts it as failed (pg-boss; default 60 s). */
  expireInSeconds?: number;
}

/** Which run of its job this is: `retryCount` 0 is the first; the last allowed is `retryLimit`. */
export interface JobRun {
  retryCount: number;
  retryLimit: number;
}

/** What a handler is given: the job's data. Throwing fails the run (retried by the queue's policy). */
export type JobHandler = (data: Record<string, unknown>, run: JobRun) => Promise<void>;

/**
 * The job engine: queued jobs that survive restarts and run once, retried with exponential backoff,
 * and periodic tasks. On PostgreSQL it is pg-boss (any number of instances share the queues, each
 * job is fetched by one of them: `SELECT … FOR UPDATE SKIP LOCKED`); on the embedded database a
 * single-process scheduler over the `local_jobs` table (docs/jobs.md).
 */
export interface JobEngine {
  readonly kind: 'pg-boss' | 'local';
  /** Starts the engine (pg-boss creates or upgrades its schema on first start). */
  start(): Promise<void>;
  /** Declares a queue and its retry policy (idempotent); before `send` and `work`. */
  queue(name: string, policy: QueuePolicy): Promise<void>;
  /**
   * Queues a job. With `db` (an open transaction of the storage) the job is written in that
   * transaction: it exists exactly when the caller's change commits.
   */
  send(
    name: string,
    data: Record<string, unknown>,
    options?: { db?: Transaction<Database> | undefined; startAfterSeconds?: number | undefined },
  ): Promise<void>;
  /** Queues one job per item of `data` in one statement (in `db`'s transaction when given). */
  sendMany(
    name: string,
    data: Record<string, unknown>[],
    options?: { db?: Transaction<Database> | undefined },
  ): Promise<void>;
  /** Runs `handler` for the queue's jobs on this instance, one at a time. */
  work(name: string, handler: JobHandler): Promise<void>;
  /**
   * Runs `task` every `intervalMs` on this instance (never two runs at once). Every instance runs
   * its own: the task must claim its work (SKIP LOCKED, a unique key) so that instances share it.
   */
  every(name: string, intervalMs: number, task: () => Promise<void>): void;
  /** Stops polling and waits for running jobs and tasks. */
  stop(): Promise<void>;
}

/** Runs pg-boss's statements on a Kysely handle (a transaction, for `send` inside one). */
function kyselyAdapter(db: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}

interface Periodic {
  timer: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
}

function periodicRunner(onError: (name: string, error: unknown) => void) {
  const tasks = new Map<string, Periodic>();
  let stopped = false;
  return {
    every(name: string, intervalMs: number, task: () => Promise<void>) {
      const entry: Periodic = { timer: undefined, running: undefined };
      const tick = () => {
        if (stopped) return;
        entry.running = task()
          .catch((error) => onError(name, error))
          .finally(() => {
            entry.running = undefined;
            if (!stopped) entry.timer = setTimeout(tick, intervalMs);
          });
      };
      entry.timer = setTimeout(tick, 0);
      tasks.set(name, entry);
    },
    async stop() {
      stopped = true;
      for (const entry of tasks.values()) clearTimeout(entry.timer);
      await Promise.all([...tasks.values()].map((entry) => entry.running));
    },
  };
}

/** pg-boss's schema for a storage schema: `pgboss`, or `<schema>_jobs` for a named one. */
export function jobSchemaName(schema: string | undefined): string {
  return schema ? `${schema}_jobs` : 'pgboss';
}

/** Jobs one pg-boss worker fetches and runs at once. */
const BATCH = 20;

export function pgBossEngine(args: {
  connectionString: string;
  schema?: string | undefined;
  pollMs: number;
  onError: (name: string, error: unknown) => void;
}): JobEngine {
  const boss = new PgBoss({
    connectionString: args.connectionString,
    schema: jobSchemaName(args.schema),
    max: 4,
    application_name: 'comply-jobs',
    // Periodic tasks are ours (`every`); pg-boss's cron scheduler is not used.
    schedule: false,
  });
  boss.on('error', (error) => args.onError('pg-boss', error));
  const periodic = periodicRunner(args.onError);
  const pollingIntervalSeconds = Math.max(args.pollMs, 500) / 1000;
  return {
    kind: 'pg-boss',
    start: async () => {
      await boss.start();
    },
    queue: async (name, policy) => {
      const options = {
        name,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: policy.expireInSeconds ?? 60,
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, options);
      else
        await boss.createQueue(name, options).catch(async (error) => {
          // Another instance is creating it at the same moment: wait for its transaction to commit.
          for (let wait = 0; wait < 10; wait += 1) {
            if (await boss.getQueue(name)) return;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          throw error;
        });
    },
    send: async (name, data, options = {}) => {
      await boss.send(name, data, {
        ...(options.db ? { db: kyselyAdapter(options.db) } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    sendMany: async (name, data, options = {}) => {
      if (data.length === 0) return;
      // insert() takes the queue's retry policy like send() does.
      await boss.insert(
        data.map((item) => ({ name, data: item })),
        options.db ? { db: kyselyAdapter(options.db) } : {},
      );
    },
    work: async (name, handler) => {
      // pg-boss's worker waits its polling interval after every fetch, even a full one: fetch up
      // to BATCH jobs at once and run them side by side. A failed job is failed on its own (its
      // retry follows the queue's policy); pg-boss then completes the batch's other, active jobs.
      await boss.work<Record<string, unknown>>(
        name,
        { pollingIntervalSeconds, batchSize: BATCH, includeMetadata: true },
        async (jobs) => {
          await Promise.all(
            jobs.map(async (job) => {
              try {
                await handler(job.data ?? {}, { retryCount: job.retryCount, retryLimit: job.retryLimit });
              } catch (error) {
                await boss.fail(name, job.id, {
                  message: String(error instanceof Error ? error.message : error).slice(0, 1000),
                });
              }
            }),
          );
        },
      );
    },
    every: periodic.every,
    stop: async () => {
      await periodic.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * The embedded database's engine: one process owns a PGlite data directory, so a single polling
 * loop over `local_jobs` runs each job once. Jobs are rows: written in the caller's transaction,
 * they survive a restart; a failed run is retried after `retryDelaySeconds · 2^(n-1)` until the
 * queue's limit, then kept with state `failed`.
 */
export function localEngine(args: {
  db: Db;
  clock: () => Date;
  pollMs: number;
  onError: (name: string, error: unknown) => void;
}): JobEngine {
  const policies = new Map<string, QueuePolicy>();
  const handlers = new Map<string, JobHandler>();
  const periodic = periodicRunner(args.onError);

  async function runDue(): Promise<void> {
    const names = [...handlers.keys()];
    if (names.length === 0) return;
    const now = args.clock();
    const jobs = await args.db
      .selectFrom('local_jobs')
      .select(['id', 'queue', 'data', 'attempts', 'retry_limit', 'retry_delay_ms'])
      .where('state', '=', 'created')
      .where('queue', 'in', names)
      .where('run_at', '<=', now)
      .orderBy('run_at')
      .orderBy('id')
      .limit(20)
      .execute();
    for (const job of jobs) {
      const handler = handlers.get(job.queue);
      if (!handler) continue;
      try {
        await handler((job.data ?? {}) as Record<string, unknown>, {
          retryCount: job.attempts,
          retryLimit: job.retry_limit,
        });
        await args.db.deleteFrom('local_jobs').where('id', '=', job.id).execute();
      } catch (error) {
        const attempts = job.attempts + 1;
        const failed = attempts > job.retry_limit;
        const delay = job.retry_delay_ms * 2 ** (attempts - 1);
        await args.db
          .updateTable('local_jobs')
          .set({
            attempts,
            state: failed ? 'failed' : 'created',
            run_at: new Date(args.clock().getTime() + delay).toISOString(),
            last_error: String(error instanceof Error ? error.message : error).slice(0, 1000),
          })
          .where('id', '=', job.id)
          .execute();
      }
    }
  }

  return {
    kind: 'local',
    start: async () => {
      periodic.every('local-jobs', args.pollMs, runDue);
    },
    queue: async (name, policy) => {
      policies.set(name, policy);
    },
    send: async (name, data, options = {}) => {
      const policy = policies.get(name);
      if (!policy) throw new Error(`Queue ${name} was not declared`);
      const at = args.clock();
      const runAt = new Date(at.getTime() + (options.startAfterSeconds ?? 0) * 1000);
      await (options.db ?? args.db)
        .insertInto('local_jobs')
        .values({
          id: newId('job', at.getTime()),
          queue: name,
          data: JSON.stringify(data),
          state: 'created',
          run_at: runAt.toISOString(),
          retry_limit: policy.retryLimit,
          retry_delay_ms: Math.round(policy.retryDelaySeconds * 1000),
          created_at: at.toISOString(),
        })
        .execute();
    },
    sendMany: async (name, data, options = {}) => {
      const policy = policies.get(name);
      if (!policy) throw new Error(`Queue ${name} was not declared`);
      if (data.length === 0) return;
      const at = args.clock();
      await (options.db ?? args.db)
        .insertInto('local_jobs')
        .values(
          data.map((item) => ({
            id: newId('job', at.getTime()),
            queue: name,
            data: JSON.stringify(item),
            state: 'created',
            run_at: at.toISOString(),
            retry_limit: policy.retryLimit,
            retry_delay_ms: Math.round(policy.retryDelaySeconds * 1000),
            created_at: at.toISOString(),
          })),
        )
        .execute();
    },
    work: async (name, handler) => {
      handlers.set(name, handler);
    },
    every: periodic.every,
    stop: async () => {
      await periodic.stop();
    },
  };
}

/** Counts a queue's jobs by state (tests and the bench): pg-boss's or local_jobs. */
export async function countLocalJobs(db: Db, queue: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ state: string; n: string }>`
    select state, count(*) as n from local_jobs where queue = ${queue} group by state`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
}
