import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { StorageContext } from '../context.js';
import { addDays, toDateString } from '../dates.js';
import type { Database } from '../db/types.js';
import { DEFAULT_DUE_SOON_DAYS, EVIDENCE_EXPIRING_DAYS } from './kinds.js';

/** Queues a job per claimed mail reminder inside the scan's transaction. */
export type EnqueueReminders = (db: Transaction<Database>, reminderIds: string[]) => Promise<void>;

/** What one scan claimed. */
export interface ScanResult {
  mails: number;
  events: number;
}

const OPEN = sql`t.status in ('OPEN', 'IN_PROGRESS') and t.archived_at is null`;
const NEW_ID = (prefix: string) =>
  sql`${sql.lit(`${prefix}_`)} || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 26))`;

/** The Monday (UTC) of the ISO week of `date`, and the ISO weekday (1 = Monday … 7 = Sunday). */
export function isoWeek(date: Date): { monday: string; weekday: number } {
  const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  return { monday: addDays({ date: toDateString(date), days: 1 - weekday }), weekday };
}

/**
 * Claims the reminders due now and queues their jobs, in transactions of at most `limit` rows per
 * kind: a row is inserted with `on conflict do nothing` under the ledger's unique keys and a job is
 * queued only for the rows this call inserted, so instances scanning at once claim each reminder
 * once. `mail` off (no SMTP) claims no mail; webhook events are claimed only for organizations with
 * an enabled endpoint subscribed to their type.
 */
export function reminderScan(ctx: StorageContext) {
  const { db, clock } = ctx;

  async function claimMails(trx: Transaction<Database>, args: { digestWeekday: number; limit: number }) {
    const now = clock();
    const today = toDateString(now);
    const at = now.toISOString();
    const member = sql`join memberships m on m.organization_id = t.organization_id and m.user_id = t.assignee_id
      left join notification_preferences p on p.organization_id = t.organization_id and p.user_id = t.assignee_id`;
    const taskKind = async (kind: string, when: RawBuilder<unknown>) => {
      const { rows } = await sql<{ id: string }>`
        insert into reminders (id, organization_id, kind, subject_id, user_id, period, status, created_at)
        select ${NEW_ID('rmd')}, t.organization_id, ${kind}, t.id, t.assignee_id, t.due_date, 'QUEUED', ${at}
        from tasks t ${member}
        where ${OPEN} and ${when}
          and not exists (select 1 from reminders r
            where r.subject_id = t.id and r.kind = ${kind} and r.period = t.due_date)
        order by t.due_date, t.id
        limit ${args.limit}
        on conflict do nothing
        returning id`.execute(trx);
      return rows.map((row) => row.id);
    };
    const dueSoonDays = sql`coalesce(p.due_soon_days, ${DEFAULT_DUE_SOON_DAYS}::int)`;
    const ids = [
      ...(await taskKind(
        'DUE_SOON',
        sql`${dueSoonDays} > 0 and t.due_date >= ${today}::date and t.due_date <= ${today}::date + ${dueSoonDays}`,
      )),
      ...(await taskKind('OVERDUE', sql`coalesce(p.overdue, true) and t.due_date < ${today}::date`)),
    ];
    const week = isoWeek(now);
    if (week.weekday >= args.digestWeekday) {
      // Members with open tasks in the organization, once a week, on or after the chosen weekday.
      const { rows } = await sql<{ id: string }>`
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
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  }

  async function claimEvents(trx: Transaction<Database>, limit: number): Promise<number> {
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
    const tasks = await claimEvent({
      type: 'task.due',
      kind: 'TASK_DUE_EVENT',
      table: 'tasks',
      recordType: 'task',
      period: 'due_date',
      when: sql`x.status in ('OPEN', 'IN_PROGRESS') and x.due_date <= ${today}::date`,
      record: sql`jsonb_build_object('id', s.id, 'kind', s.kind, 'title', s.title,
        'subject_id', s.subject_id, 'assignee_id', s.assignee_id, 'due_date', to_char(s.due_date, 'YYYY-MM-DD'),
        'status', s.status, 'overdue', s.due_date < ${today}::date)`,
    });
    // evidence.expiring: an evidence's valid_until is within EVIDENCE_EXPIRING_DAYS (or past).
    const evidence = await claimEvent({
      type: 'evidence.expiring',
      kind: 'EVIDENCE_EXPIRING_EVENT',
      table: 'evidence',
      recordType: 'evidence',
      period: 'valid_until',
      when: sql`x.valid_until is not null and x.valid_until <= ${today}::date + ${EVIDENCE_EXPIRING_DAYS}::int`,
      record: sql`jsonb_build_object('id', s.id, 'kind', s.kind, 'title', s.title,
        'valid_until', to_char(s.valid_until, 'YYYY-MM-DD'), 'expired', s.valid_until < ${today}::date)`,
    });
    return tasks + evidence;
  }

  return {
    /**
     * Claims due reminders and events until none is left. `digestWeekday` is the ISO weekday
     * (1 = Monday) from which the week's digest goes out.
     */
    scan: async (args: {
      mail: boolean;
      digestWeekday: number;
      enqueue: EnqueueReminders;
      limit?: number | undefined;
    }): Promise<ScanResult> => {
      const limit = args.limit ?? 500;
      const result: ScanResult = { mails: 0, events: 0 };
      for (;;) {
        const round = await db.transaction().execute(async (trx) => {
          const ids = args.mail ? await claimMails(trx, { digestWeekday: args.digestWeekday, limit }) : [];
          if (ids.length > 0) await args.enqueue(trx, ids);
          return { mails: ids.length, events: await claimEvents(trx, limit) };
        });
        result.mails += round.mails;
        result.events += round.events;
        if (round.mails === 0 && round.events === 0) return result;
      }
    },
  };
}
