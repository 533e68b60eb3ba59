import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { StorageContext } from '../context.js';
import { addDays, toDateString } from '../dates.js';
import type { Database, Db } from '../db/types.js';
import { DEFAULT_DUE_SOON_DAYS, EVIDENCE_EXPIRING_DAYS, MAX_DUE_SOON_DAYS } from './kinds.js';

/** Queues a job per claimed mail reminder inside the scan's transaction. */
export type EnqueueReminders = (db: Transaction<Database>, reminderIds: string[]) => Promise<void>;

/** What one scan claimed. */
export interface ScanResult {
  mails: number;
  events: number;
}

const OPEN = sql`t.status in ('OPEN', 'IN_PROGRESS') and t.archived_at is null`;

/**
 * At most this many tasks needing a claim per window (one round of short transactions), by
 * default: on the embedded engine's one connection a tool call waits for the scan's running
 * transaction, so they are kept short there; PostgreSQL's calls run beside it on other
 * connections (docs/jobs.md, "Reminders at scale").
 */
export const SCAN_WINDOW = { pglite: 30, postgres: 500 } as const;

/**
 * A window ends after at most this many times its size of open tasks, claimed or not. On the
 * embedded engine a window's read is one statement a waiting call cannot interrupt: 8 × 30 tasks
 * keep it to a few milliseconds when nothing is left to claim (16 × 30 made a call beside such a
 * scan wait 3.2× its p50 alone; `npm run bench:tasks`).
 */
const EXAMINED = { pglite: 8, postgres: 16 } as const;

/** A task's place in the scan's order (tasks_open_due_key, migration 034). */
interface TaskKey {
  due_date: string;
  id: string;
}

/**
 * The open tasks one round of the scan looks at: those after `after` up to `through` (inclusive)
 * in (due date, id) order; `null` bounds are open. `done`: every task was looked at; none is left.
 */
interface TaskWindow {
  after: TaskKey | null;
  through: TaskKey | null;
  done: boolean;
  /** Whether any task of the window may need a claim; a window with none is not claimed from. */
  needy: boolean;
}

/** The predicate of `alias`'s rows inside `window`, on the keyset index. */
function within(alias: string, window: TaskWindow): RawBuilder<unknown> {
  if (window.done) return sql`false`;
  const key = sql`(${sql.ref(`${alias}.due_date`)}, ${sql.ref(`${alias}.id`)})`;
  return sql.join(
    [
      sql`true`,
      ...(window.after ? [sql`${key} > (${window.after.due_date}::date, ${window.after.id})`] : []),
      ...(window.through ? [sql`${key} <= (${window.through.due_date}::date, ${window.through.id})`] : []),
    ],
    sql` and `,
  );
}

const NEW_ID = (prefix: string) =>
  sql`${sql.lit(`${prefix}_`)} || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 26))`;

/** The Monday (UTC) of the ISO week of `date`, and the ISO weekday (1 = Monday … 7 = Sunday). */
export function isoWeek(date: Date): { monday: string; weekday: number } {
  const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  return { monday: addDays({ date: toDateString(date), days: 1 - weekday }), weekday };
}

/**
 * Claims the reminders due now and queues their jobs, in short transactions that each look at the
 * next window of open tasks (keyset order, no re-reading of the tasks already looked at): a row is
 * inserted with `on conflict do nothing` under the ledger's unique keys and a job is queued only
 * for the rows this call inserted, so instances scanning at once claim each reminder
 * once. `mail` off (no SMTP) claims no mail; webhook events are claimed only for organizations with
 * an enabled endpoint subscribed to their type.
 */
export function reminderScan(ctx: StorageContext) {
  const { db, clock } = ctx;

  /**
   * The next window of open tasks that may be due for a reminder or event (due within
   * MAX_DUE_SOON_DAYS, or past), read from the keyset index without sorting every open task: it
   * ends at the `size`-th task that may still need a claim (no reminder of its date yet, or no
   * `task.due` event in an organization subscribed to it), or after `size · EXAMINED` open tasks,
   * so a window costs little whether its tasks need claims (at most `size` claims) or were claimed
   * by an earlier scan (a cheap look at up to `size · EXAMINED` tasks).
   */
  async function nextWindow(db: Db, args: { after: TaskKey | null; size: number }): Promise<TaskWindow> {
    const today = toDateString(clock());
    const examined = args.size * EXAMINED[ctx.driver];
    const after = args.after
      ? sql`and (t.due_date, t.id) > (${args.after.due_date}::date, ${args.after.id})`
      : sql``;
    const { rows } = await sql<TaskKey & { pick: number; needy: number }>`
      with w as (
        select t.due_date, t.id, t.organization_id, t.assignee_id from tasks t
        where ${OPEN} and t.due_date <= ${today}::date + ${MAX_DUE_SOON_DAYS}::int ${after}
        order by t.due_date, t.id
        limit ${examined}),
      needy as (
        select w.due_date, w.id from w
        where (w.assignee_id is not null and not exists (select 1 from reminders r
            where r.subject_id = w.id and r.period = w.due_date
              and r.kind = case when w.due_date < ${today}::date then 'OVERDUE' else 'DUE_SOON' end))
          or (w.due_date <= ${today}::date
            and not exists (select 1 from reminders r
              where r.subject_id = w.id and r.kind = 'TASK_DUE_EVENT' and r.period = w.due_date)
            and exists (select 1 from webhook_endpoints e
              where e.organization_id = w.organization_id and e.enabled and e.archived_at is null
                and 'task.due' = any (e.event_types)))
        order by w.due_date, w.id
        limit ${args.size}),
      last as (
        select w.due_date, w.id from w
        where (select count(*) from w) = ${examined}
        order by w.due_date desc, w.id desc
        limit 1)
      select to_char(x.due_date, 'YYYY-MM-DD') as due_date, x.id, x.pick,
        (select count(*) from needy)::int as needy
      from (
        (select needy.due_date, needy.id, 1 as pick from needy
          where (select count(*) from needy) = ${args.size}
          order by needy.due_date desc, needy.id desc
          limit 1)
        union all
        (select last.due_date, last.id, 2 as pick from last)
        union all
        (select null::date, null::text, 3 as pick)) x
      order by x.pick
      limit 1`.execute(db);
    const end = rows[0]?.pick === 3 ? undefined : rows[0];
    const needy = (rows[0]?.needy ?? 0) > 0;
    return {
      after: args.after,
      through: end ? { due_date: end.due_date, id: end.id } : null,
      done: false,
      needy,
    };
  }

  async function claimMails(
    trx: Transaction<Database>,
    args: { digestWeekday: number; limit: number; window: TaskWindow },
  ) {
    const { window } = args;
    const now = clock();
    const today = toDateString(now);
    const at = now.toISOString();
    const member = sql`join memberships m on m.organization_id = t.organization_id and m.user_id = t.assignee_id
      left join notification_preferences p on p.organization_id = t.organization_id and p.user_id = t.assignee_id`;
    // A task's reminder: due soon (from the member's lead until it is due) or overdue, in one
    // statement (the embedded engine plans every statement afresh: fewer is shorter).
    const dueSoonDays = sql`coalesce(p.due_soon_days, ${DEFAULT_DUE_SOON_DAYS}::int)`;
    const { rows } = !window.needy
      ? { rows: [] }
      : await sql<{ id: string }>`
        insert into reminders (id, organization_id, kind, subject_id, user_id, period, status, created_at)
        select ${NEW_ID('rmd')}, t.organization_id, k.kind, t.id, t.assignee_id, t.due_date, 'QUEUED', ${at}
        from tasks t ${member}
        cross join lateral (select case when t.due_date < ${today}::date then 'OVERDUE' else 'DUE_SOON' end
          as kind) k
        where ${OPEN} and ${within('t', window)}
          and (case when k.kind = 'OVERDUE' then coalesce(p.overdue, true)
            else ${dueSoonDays} > 0 and t.due_date <= ${today}::date + ${dueSoonDays} end)
          and not exists (select 1 from reminders r
            where r.subject_id = t.id and r.kind = k.kind and r.period = t.due_date)
        order by t.due_date, t.id
        on conflict do nothing
        returning id`.execute(trx);
    const ids = rows.map((row) => row.id);
    // The digests once every task was looked at: one statement over the members, not one a window.
    if (!window.done) return ids;
    const week = isoWeek(now);
    if (week.weekday >= args.digestWeekday) {
      // Members with open tasks in the organization, once a week, on or after the chosen weekday.
      const digests = await sql<{ id: string }>`
        insert into reminders (id, organization_id, kind, subject_id, user_id, period, status, created_at)
        select ${NEW_ID('rmd')}, m.organization_id, 'DIGEST', null, m.user_id, ${week.monday}::date, 'QUEUED', ${at}
        from memberships m
        left join notification_preferences p on p.organization_id = m.organization_id and p.user_id = m.user_id
        where coalesce(p.digest, true)
          and exists (select 1 from tasks t where t.organization_id = m.organization_id
            and t.assignee_id = m.user_id and ${OPEN})
          and not exists (select 1 from reminders r where r.kind = 'DIGEST'
            and r.organization_id = m.organization_id and r.user_id = m.user_id and r.period = ${week.monday}::date)
        order by m.organization_id, m.user_id
        limit ${args.limit}
        on conflict do nothing
        returning id`.execute(trx);
      ids.push(...digests.rows.map((row) => row.id));
    }
    return ids;
  }

  /**
   * Claims the window's `task.due` events and up to `limit` `evidence.expiring` events; `evidence`
   * false skips the latter (an earlier round of this scan found fewer than `limit`: none is left).
   */
  async function claimEvents(
    trx: Transaction<Database>,
    args: { limit: number; window: TaskWindow; evidence: boolean },
  ): Promise<{ tasks: number; evidence: number }> {
    const { limit, window } = args;
    const now = clock();
    const today = toDateString(now);
    const at = now.toISOString();
    const subscribed = (type: string) => sql`exists (select 1 from webhook_endpoints e
      where e.organization_id = x.organization_id and e.enabled and e.archived_at is null
        and ${type} = any (e.event_types))`;
    /**
     * Claims one kind of event: a ledger row per subject of `table` (alias `x`) matching `when`, keyed
     * by the subject and its `period` column, and an outbox event per claimed row whose `record` is
     * built from the subject (alias `s`).
     */
    const claimEvent = async (event: {
      type: string;
      kind: string;
      table: 'tasks' | 'evidence';
      recordType: string;
      period: 'due_date' | 'valid_until';
      when: RawBuilder<unknown>;
      record: RawBuilder<unknown>;
    }): Promise<number> => {
      const table = sql.table(event.table);
      const period = sql.ref(`x.${event.period}`);
      const kind = sql.lit(event.kind);
      const { rows } = await sql`
        with claimed as (
          insert into reminders (id, organization_id, kind, subject_id, user_id, period, status, created_at, sent_at)
          select ${NEW_ID('rmd')}, x.organization_id, ${kind}, x.id, null, ${period}, 'SENT', ${at}, ${at}
          from ${table} x
          where x.archived_at is null and ${event.when}
            and ${subscribed(event.type)}
            and not exists (select 1 from reminders r
              where r.subject_id = x.id and r.kind = ${kind} and r.period = ${period})
          limit ${limit}
          on conflict do nothing
          returning subject_id)
        insert into outbox_events (id, organization_id, type, payload, created_at)
        select ${NEW_ID('msg')}, s.organization_id, ${sql.lit(event.type)},
          jsonb_build_object('organization_id', s.organization_id, 'record_type', ${sql.lit(event.recordType)},
            'record_id', s.id, 'record', ${event.record}),
          ${at}
        from claimed c join ${table} s on s.id = c.subject_id
        returning id`.execute(trx);
      return rows.length;
    };
    // task.due: a task's due date has come (today or earlier), once per task and date.
    const tasks = !window.needy
      ? 0
      : await claimEvent({
          type: 'task.due',
          kind: 'TASK_DUE_EVENT',
          table: 'tasks',
          recordType: 'task',
          period: 'due_date',
          when: sql`x.status in ('OPEN', 'IN_PROGRESS') and x.due_date <= ${today}::date and ${within('x', window)}`,
          record: sql`jsonb_build_object('id', s.id, 'kind', s.kind, 'title', s.title,
        'subject_id', s.subject_id, 'assignee_id', s.assignee_id, 'due_date', to_char(s.due_date, 'YYYY-MM-DD'),
        'status', s.status, 'overdue', s.due_date < ${today}::date)`,
        });
    // evidence.expiring: an evidence's valid_until is within EVIDENCE_EXPIRING_DAYS (or past).
    const evidence = !args.evidence
      ? 0
      : await claimEvent({
          type: 'evidence.expiring',
          kind: 'EVIDENCE_EXPIRING_EVENT',
          table: 'evidence',
          recordType: 'evidence',
          period: 'valid_until',
          when: sql`x.valid_until is not null and x.valid_until <= ${today}::date + ${EVIDENCE_EXPIRING_DAYS}::int`,
          record: sql`jsonb_build_object('id', s.id, 'kind', s.kind, 'title', s.title,
        'valid_until', to_char(s.valid_until, 'YYYY-MM-DD'), 'expired', s.valid_until < ${today}::date)`,
        });
    return { tasks, evidence };
  }

  return {
    /**
     * Claims due reminders and events until none is left. `digestWeekday` is the ISO weekday
     * (1 = Monday) from which the week's digest goes out. Each transaction looks at the next
     * `limit` open tasks in (due date, id) order (SCAN_WINDOW by default) and claims at most
     * `limit` digests and evidence events; between transactions the embedded engine serves the
     * calls that waited (its lock goes to the oldest waiter, and the scan's next transaction is newer).
     */
    scan: async (args: {
      mail: boolean;
      digestWeekday: number;
      enqueue: EnqueueReminders;
      limit?: number | undefined;
    }): Promise<ScanResult> => {
      const limit = args.limit ?? SCAN_WINDOW[ctx.driver];
      const result: ScanResult = { mails: 0, events: 0 };
      let after: TaskKey | null = null;
      let tasksDone = false;
      // Without an endpoint subscribed to a dated event there is none to claim: two statements a
      // round saved (an endpoint added meanwhile gets its events from the next scan).
      const subscribed = await sql<{ id: string }>`select e.id from webhook_endpoints e
        where e.enabled and e.archived_at is null
          and e.event_types && array['task.due', 'evidence.expiring']::text[]
        limit 1`.execute(db);
      const withEvents = subscribed.rows.length > 0;
      if (!args.mail && !withEvents) return result;
      // Whether evidence.expiring events may be left: a round that claimed fewer than `limit` took the last.
      let evidenceLeft = true;
      for (;;) {
        // A round: the window (a read, its own statement), the mails with their jobs (one
        // transaction), the events (another); on the embedded engine calls run between them. A
        // window none of whose tasks needs a claim is the read alone: a scan of tasks claimed
        // earlier is one short statement a window.
        const window: TaskWindow = tasksDone
          ? { after: null, through: null, done: true, needy: false }
          : await nextWindow(db, { after, size: limit });
        const mails =
          args.mail && (window.needy || window.done)
            ? await db.transaction().execute(async (trx) => {
                const ids = await claimMails(trx, { digestWeekday: args.digestWeekday, limit, window });
                if (ids.length > 0) await args.enqueue(trx, ids);
                return ids.length;
              })
            : 0;
        const claimed =
          withEvents && (window.needy || evidenceLeft)
            ? await db
                .transaction()
                .execute((trx) => claimEvents(trx, { limit, window, evidence: evidenceLeft }))
            : { tasks: 0, evidence: 0 };
        if (claimed.evidence < limit) evidenceLeft = false;
        const events = claimed.tasks + claimed.evidence;
        result.mails += mails;
        result.events += events;
        // The last window has no upper bound: every open task has been looked at.
        if (window.through === null) tasksDone = true;
        else after = window.through;
        if (window.done && mails === 0 && events === 0) return result;
      }
    },
  };
}
