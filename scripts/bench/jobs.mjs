#!/usr/bin/env node
// The outbox's cost on writes, and the job engines' throughput, each against a baseline in the
// same run.
//
// 1. Writes: `storage.vendors.create` (one audited INSERT) with the outbox trigger disabled (the
//    write path before migration 027), enabled in an organization without an endpoint (the
//    trigger's one index lookup), and enabled with an endpoint (one outbox row per write). On
//    PGlite (in memory) and on PostgreSQL.
// 2. Jobs on PostgreSQL: N jobs queued in transactions of 100 and run by a no-op handler, through
//    pg-boss, and through the plainest queue there is (a table and `FOR UPDATE SKIP LOCKED`, one
//    job per statement) as the baseline.
//
// Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (a schema `bench_<random>`
// and its pg-boss schema, dropped at the end). Options: --writes N (default 2000), --jobs N
// (default 2000). Runs on the sources (no build needed).
import { optionsOnSources } from './on-sources.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { writes: 2000, jobs: 2000 },
});

const { randomBytes } = await import('node:crypto');
const { openStorage, jobSchemaName } = await import('@comply/storage');
const { startBenchEngine } = await import('./bench-storage.mjs');
const { sql } = await import('kysely');

const writes = Number(options.writes);
const jobCount = Number(options.jobs);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const actor = { userId: null, tokenId: null, source: 'cli', action: 'addVendor' };
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

async function organization(storage, name) {
  const user = await storage.users.create({
    email: `${name}-${randomBytes(3).toString('hex')}@bench.test`,
    password: 'correct horse battery',
  });
  return (await storage.organizations.create({ name, ownerUserId: user.id, actor })).id;
}

/** Mean microseconds per write of `count` sequential creates (after 100 warm-up writes). */
let serial = 0;
async function writeCost(storage, organizationId, count) {
  const name = () => `v ${++serial}`;
  for (let i = 0; i < 100; i++)
    await storage.vendors.create({ organizationId, actor, data: { name: name() } });
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++)
    await storage.vendors.create({ organizationId, actor, data: { name: name() } });
  return (ms(start) * 1000) / count;
}

async function writesOn(label, storage) {
  const quiet = await organization(storage, 'quiet');
  const hooked = await organization(storage, 'hooked');
  await storage.webhooks.createEndpoint({
    organizationId: hooked,
    url: 'https://hooks.example.com/in',
    description: null,
    eventTypes: ['record.created'],
    secretCiphertext: 'v1:db:x:y:z',
    actor,
  });
  const rounds = [];
  // Interleaved rounds, so that a change of machine load hits every variant alike.
  for (let round = 0; round < 3; round++) {
    await sql`alter table audit_log disable trigger audit_log_outbox`.execute(storage.db);
    const off = await writeCost(storage, quiet, writes / 3);
    await sql`alter table audit_log enable trigger audit_log_outbox`.execute(storage.db);
    const noEndpoint = await writeCost(storage, quiet, writes / 3);
    const withEndpoint = await writeCost(storage, hooked, writes / 3);
    rounds.push({ off, noEndpoint, withEndpoint });
  }
  const median = (key) => rounds.map((r) => r[key]).sort((a, b) => a - b)[1];
  const off = median('off');
  const row = (name, value) =>
    console.log(
      `  ${name.padEnd(40)} ${value.toFixed(0).padStart(6)} µs/write  ×${(value / off).toFixed(2)}`,
    );
  console.log(`${label}: vendors.create, ${writes} writes per variant (median of 3 interleaved rounds)`);
  row('outbox trigger off (baseline)', off);
  row('trigger on, organization without endpoint', median('noEndpoint'));
  row('trigger on, one outbox row per write', median('withEndpoint'));
}

async function baselineQueue(storage) {
  await sql`create table bench_queue (id bigserial primary key, data jsonb not null)`.execute(storage.db);
  const start = process.hrtime.bigint();
  for (let i = 0; i < jobCount; i += 100) {
    await storage.db.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(i + 100, jobCount); j++)
        await sql`insert into bench_queue (data) values (${JSON.stringify({ n: j })})`.execute(trx);
    });
  }
  const queued = ms(start);
  const run = process.hrtime.bigint();
  let done = 0;
  for (;;) {
    const taken = await storage.db.transaction().execute(async (trx) => {
      const { rows } =
        await sql`select id from bench_queue order by id limit 1 for update skip locked`.execute(trx);
      if (rows.length === 0) return false;
      await sql`delete from bench_queue where id = ${rows[0].id}`.execute(trx);
      return true;
    });
    if (!taken) break;
    done += 1;
  }
  return { queued, ran: ms(run), done };
}

async function pgBoss(storage) {
  const engine = await startBenchEngine({ storage, pollMs: 500, queue: 'bench' });
  const start = process.hrtime.bigint();
  for (let i = 0; i < jobCount; i += 100) {
    await storage.db.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(i + 100, jobCount); j++) await engine.send('bench', { n: j }, { db: trx });
    });
  }
  const queued = ms(start);
  let done = 0;
  const run = process.hrtime.bigint();
  let finished;
  const all = new Promise((resolve) => {
    finished = resolve;
  });
  await engine.work('bench', async () => {
    done += 1;
    if (done === jobCount) finished();
  });
  await all;
  const ran = ms(run);
  await engine.stop();
  return { queued, ran, done };
}

// 1. Writes on PGlite.
{
  const storage = await openStorage({ dataDir: 'memory://' });
  try {
    await writesOn('PGlite (memory)', storage);
  } finally {
    await storage.close();
  }
}

// 1 and 2 on PostgreSQL.
const schema = `bench_${randomBytes(4).toString('hex')}`;
const storage = await openStorage({ databaseUrl: url, schema });
try {
  await writesOn('PostgreSQL', storage);
  const base = await baselineQueue(storage);
  const boss = await pgBoss(storage);
  const rate = (n, msValue) => `${((n / msValue) * 1000).toFixed(0).padStart(6)} jobs/s`;
  console.log(`Jobs on PostgreSQL: ${jobCount} queued in transactions of 100, then run by a no-op handler`);
  console.log(`  ${'engine'.padEnd(40)} ${'queue'.padStart(11)}  ${'run'.padStart(11)}`);
  console.log(
    `  ${'table + SKIP LOCKED (baseline)'.padEnd(40)} ${rate(jobCount, base.queued)}  ${rate(base.done, base.ran)}`,
  );
  console.log(
    `  ${'pg-boss 10 (one worker, batches of 20)'.padEnd(40)} ${rate(jobCount, boss.queued)}  ${rate(boss.done, boss.ran)}  ×${(base.queued / boss.queued).toFixed(2)} / ×${(base.ran / boss.ran).toFixed(2)} of the baseline`,
  );
} finally {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db);
  await sql`drop schema if exists ${sql.id(jobSchemaName(schema))} cascade`.execute(storage.db);
  await storage.close();
}
