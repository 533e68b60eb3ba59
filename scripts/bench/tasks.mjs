#!/usr/bin/env node
// Tasks generated from dates (docs/data-model.md, "Tasks"), on PGlite in memory (--postgres: a
// throwaway schema of DATABASE_URL, see bench-storage.mjs). One organization holds 10,000 risks and
// 10,000 due dates (vendors whose next review falls within the 30-day generation horizon); the
// tables are analyzed, as the statistics keeper (PGlite) or autovacuum would. Timed:
// - generateTasks creating the 10,000 tasks (and their 10,000 audit entries) in one run, alone;
//   then, the tasks deleted, again with tool calls beside it;
// - generateTasks again, finding nothing to do: the cost of the catch-up listTasks runs when this
//   process cannot tell that the organization's data is unchanged; and the reminder scan's catch-up
//   (the first of the day) with tool calls beside it;
// - listTasks' first page and the reminder query ("open tasks due within 7 days or overdue, of one
//   assignee", on tasks_assignee_due_idx), p50;
// each against a baseline measured in the same run: paging through all 10,000 risks (100 pages of
// 100, the way a client lists them) for the generations, the first page of risks for the reads.
// Then reminders (docs/jobs.md, "Reminders at scale"): every task assigned to the bench user, who
// asks for reminders 30 days ahead, so each of the 10,000 tasks is due soon or overdue; one reminder
// scan claims them in the ledger and queues one job each on the real job engine (pg-boss on
// PostgreSQL, the local scheduler on PGlite; no worker runs, so nothing is sent), alone; a second
// finds nothing; then every due date moves a day later and both run again with tool calls beside.
// A tool call is listRisks' first page through storage.runCall, as the tool core makes it (on
// PGlite its statements rank by when the call began), made one after another while the work runs.
// Bounds: the first generation and the scan within 5× the risk listing (10× on PGlite, whose short
// transactions are more statements), a generation (the catch-up's own work) or scan with nothing to
// do within 1×,
// reads within 3× the first page of risks, and a tool call beside any of the work within 3× its
// p50 alone.
// Options: --count N (default 10000), --calls N (default 50), --window N (the scan's open tasks per
// transaction; default its SCAN_WINDOW), --postgres.
import { optionsOnSources } from './on-sources.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { count: 10000, calls: 50 },
  options: {
    window: { type: 'string' },
    postgres: { type: 'boolean', default: false },
  },
});

const { openStorage, jobSchemaName } = await import('@comply/storage');
const { sql } = await import('kysely');
const { benchOwner, startBenchEngine, withBenchStorage } = await import('./bench-storage.mjs');
const { seedRisksBySql } = await import('./sql-seed.ts');

const count = Number(options.count);
const calls = Number(options.calls);
// The scan's open tasks per transaction (unset: its default for the driver, SCAN_WINDOW).
const window = options.window === undefined ? undefined : Number(options.window);
const { ms, p50, timeIt: timeRuns } = await import('./timing.mjs');
const pct = (times, q) => [...times].sort((a, b) => a - b)[Math.floor(times.length * q)];
/** The p50 of `n` runs of `fn` (default --calls), after up to 5 warm-up runs. */
const timeIt = (fn, n = calls) => timeRuns(fn, { n, warmup: 5 });

async function once(fn) {
  const start = process.hrtime.bigint();
  const result = await fn();
  return { ms: ms(start), result };
}

async function run(storage) {
  const { user, actor, organizationId } = await benchOwner(storage);
  await seedRisksBySql({ db: storage.db, organizationId, from: 0, to: count });
  // Reviewed 340 to 369 days ago every 365 days: every one due within the next 30 days or overdue;
  // one in ten owned by the bench user (by e-mail), so it is assigned to them.
  await sql`insert into vendors (id, organization_id, name, risk_tier, status, processes_personal_data,
      last_reviewed_at, review_interval_days, owner, created_at, updated_at)
    select 'vnd_01' || lpad(n::text, 24, '0'), ${organizationId}, 'Vendor ' || lpad(n::text, 6, '0'),
      'LOW', 'ACTIVE', false, current_date - 340 - (n % 30), 365,
      case when n % 10 = 0 then 'bench@example.test' else 'Procurement' end, now(), now()
    from generate_series(0, ${count - 1}) n`.execute(storage.db);
  // Planner statistics, as a server has them: autovacuum on PostgreSQL, the statistics keeper on
  // PGlite (every 30 s, docs/performance.md).
  await sql`analyze`.execute(storage.db);

  const listAllRisks = async () => {
    let cursor;
    let n = 0;
    do {
      const page = await storage.risks.list({ organizationId, pageSize: 100, cursor });
      n += page.items.length;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    if (n !== count) throw new Error(`listed ${n} risks, not ${count}`);
  };
  const listRisksBaseline = await timeIt(listAllRisks, 5);
  // A tool call as the tool core makes it: one call (on PGlite its statements rank by when it began).
  const toolCall = () => storage.runCall(() => storage.risks.list({ organizationId, pageSize: 100 }));
  const firstRiskPage = await timeIt(toolCall);
  // Tool calls one after another while `work` runs: their latencies, and the work's own time.
  const beside = async (work) => {
    let done = false;
    const running = once(work).finally(() => {
      done = true;
    });
    const times = [];
    while (!done) {
      const start = process.hrtime.bigint();
      await toolCall();
      times.push(ms(start));
    }
    return { ...(await running), calls: times };
  };

  // The first generation's own time, alone; then, its tasks deleted, the same beside tool calls.
  const first = await once(() => storage.tasks.generate({ organizationId }));
  if (first.result.created !== count) throw new Error(`created ${first.result.created} tasks, not ${count}`);
  await sql`delete from tasks where organization_id = ${organizationId}`.execute(storage.db);
  const firstBeside = await beside(() => storage.tasks.generate({ organizationId }));
  if (firstBeside.result.created !== count)
    throw new Error(`created ${firstBeside.result.created} tasks beside the calls, not ${count}`);
  await sql`analyze`.execute(storage.db);
  const again = await once(() => storage.tasks.generate({ organizationId }));
  if (again.result.created !== 0) throw new Error('the second generation created tasks');
  const noop = await timeIt(() => storage.tasks.generate({ organizationId }), 10);
  // The reminder scan's catch-up, as the first scan of the day runs it (this process has not seen
  // the organization yet), with nothing to create.
  const catchUp = await beside(() => storage.tasks.catchUp({ organizationId }));
  if (catchUp.result === null || catchUp.result.created !== 0)
    throw new Error('the catch-up did not run empty');
  const firstTaskPage = await timeIt(() => storage.tasks.list({ organizationId, pageSize: 100 }));
  const today = new Date().toISOString().slice(0, 10);
  const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const reminder = () =>
    storage.db
      .selectFrom('tasks')
      .select(['id', 'organization_id', 'title', 'due_date'])
      .where('assignee_id', '=', user.id)
      .where('status', 'in', ['OPEN', 'IN_PROGRESS'])
      .where('due_date', '<=', week)
      .orderBy('due_date')
      .execute();
  const due = (await reminder()).length;
  const reminderP50 = await timeIt(reminder);

  // Reminders: every task to the bench user, 30 days ahead: each task due soon or overdue.
  await sql`update tasks set assignee_id = ${user.id} where organization_id = ${organizationId}`.execute(
    storage.db,
  );
  await storage.reminders.preferences.set({
    organizationId,
    userId: user.id,
    patch: { due_soon_days: 30 },
    actor,
  });
  const engine = await startBenchEngine({ storage, pollMs: 1000, queue: 'bench-reminders' });
  let queued = 0;
  const reminderScan = () =>
    storage.reminders.scan({
      mail: true,
      digestWeekday: 1,
      limit: window,
      enqueue: async (db, ids) => {
        await engine.sendMany(
          'bench-reminders',
          ids.map((reminderId) => ({ reminderId })),
          { db },
        );
        queued += ids.length;
      },
    });
  // The scan's own time, alone; then, every due date a day later (so each task is due for a new
  // reminder; the week's digest was claimed), the same scan with tool calls beside it.
  const scan = await once(reminderScan);
  if (scan.result.mails !== count + 1 || queued !== count + 1)
    throw new Error(`claimed ${scan.result.mails} and queued ${queued} reminders, not ${count + 1}`);
  const again2 = await once(reminderScan);
  if (again2.result.mails !== 0) throw new Error('the second scan claimed reminders');
  await sql`update tasks set due_date = due_date + 1 where organization_id = ${organizationId}`.execute(
    storage.db,
  );
  const scanBeside = await beside(reminderScan);
  if (scanBeside.result.mails !== count || queued !== 2 * count + 1)
    throw new Error(`claimed ${scanBeside.result.mails} reminders beside the calls, not ${count}`);
  const againBeside = await beside(reminderScan);
  if (againBeside.result.mails !== 0) throw new Error('the second scan claimed reminders');
  await engine.stop();
  if (storage.driver === 'postgres')
    await sql`drop schema if exists ${sql.id(jobSchemaName(storage.connection.schema))} cascade`.execute(
      storage.db,
    );

  const row = (what, value, base, bound) =>
    console.log(
      `| ${what} | ${value.toFixed(1)} ms | ${(value / base).toFixed(2)}× | ${bound} | ${value / base <= Number(bound.slice(2, -1)) ? 'ok' : 'OVER'} |`,
    );
  console.log(`\nTasks (${storage.driver}): ${count} due dates, ${count} risks; today ${today}\n`);
  console.log(`| measure | time | ratio | bound | |`);
  console.log(`| --- | --- | --- | --- | --- |`);
  console.log(
    `| baseline: page through ${count} risks (100 per page) | ${listRisksBaseline.toFixed(1)} ms | 1 | | |`,
  );
  // On PGlite generation and the scan work in short transactions, so that tool calls run between
  // them (the bounds below): more, smaller statements, each planned anew, hence a looser bound.
  const walkBound = storage.driver === 'pglite' ? '≤ 10×' : '≤ 5×';
  row(`generateTasks: ${count} tasks created (+ audit)`, first.ms, listRisksBaseline, walkBound);
  row('generateTasks: second run, nothing to create', again.ms, listRisksBaseline, '≤ 1×');
  row('generateTasks: nothing to create, p50', noop, listRisksBaseline, '≤ 1×');
  console.log(`| baseline: listRisks first page, p50 | ${firstRiskPage.toFixed(1)} ms | 1 | | |`);
  row('listTasks first page, p50', firstTaskPage, firstRiskPage, '≤ 3×');
  row(`reminder query (${due} due within 7 days for one assignee), p50`, reminderP50, firstRiskPage, '≤ 3×');
  row(
    `reminder scan: ${count + 1} reminders claimed, ${count + 1} jobs queued (${engine.kind})`,
    scan.ms,
    listRisksBaseline,
    walkBound,
  );
  row('reminder scan again: nothing to claim', again2.ms, listRisksBaseline, '≤ 1×');
  const took = (what, work) =>
    console.log(
      `| ${what} beside the calls below (they take turns on PGlite) | ${work.ms.toFixed(1)} ms | ${(work.ms / listRisksBaseline).toFixed(2)}× | | |`,
    );
  // The catch-up is generateTasks with nothing to create (its own time: the p50 above); beside the
  // calls its time includes theirs, which run between its reads on PGlite.
  took('the catch-up (first of the day), nothing to create,', catchUp);
  took(`generateTasks creating ${count}`, firstBeside);
  took(`reminder scan claiming ${count}`, scanBeside);
  const during = (what, work) =>
    row(
      `listRisks first page during ${what}, p50 of ${work.calls.length} (p90 ${pct(work.calls, 0.9).toFixed(1)}, max ${Math.max(...work.calls).toFixed(1)})`,
      p50(work.calls),
      firstRiskPage,
      '≤ 3×',
    );
  during(`generateTasks creating ${count}`, firstBeside);
  during('the catch-up', catchUp);
  during(`the scan claiming ${count}`, scanBeside);
  during('the scan with nothing to claim', againBeside);
}

if (options.postgres) {
  await withBenchStorage({ poolSize: 4 }, ({ storage }) => run(storage));
} else {
  const storage = await openStorage({ dataDir: 'memory://' });
  try {
    await run(storage);
  } finally {
    await storage.close();
  }
}
