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
    // task.due: a task's due date has come (today or earlier), once per task and date.
    const tasks = await sql`
      with claimed as (
        insert into reminders (id, organization_id, kind, subject_id, user_id, period, status, created_at, sent_at)
        select ${NEW_ID('rmd')}, x.organization_id, 'TASK_DUE_EVENT', x.id, null, x.due_date, 'SENT', ${at}, ${at}
        from tasks x
        where x.status in ('OPEN', 'IN_PROGRESS') and x.archived_at is null and x.due_date <= ${today}::date
          and ${subscribed('task.due')}
          and not exists (select 1 from reminders r
            where r.subject_id = x.id and r.kind = 'TASK_DUE_EVENT' and r.period = x.due_date)
        limit ${limit}
        on conflict do nothing
        returning subject_id)
      insert into outbox_events (id, organization_id, type, payload, created_at)
      select ${NEW_ID('msg')}, t.organization_id, 'task.due',
        jsonb_build_object('organization_id', t.organization_id, 'record_type', 'task', 'record_id', t.id,
          'record', jsonb_build_object('id', t.id, 'kind', t.kind, 'title', t.title,
            'subject_id', t.subject_id, 'assignee_id', t.assignee_id, 'due_date', to_char(t.due_date, 'YYYY-MM-DD'),
            'status', t.status, 'overdue', t.due_date < ${today}::date)),
        ${at}
      from claimed c join tasks t on t.id = c.subject_id
      returning id`.execute(trx);
    // evidence.expiring: an evidence's valid_until is within EVIDENCE_EXPIRING_DAYS (or past).
    const evidence = await sql`
      with claimed as (
        insert into reminders (id, organization_id, kind, subject_id, user_id, period, status, created_at, sent_at)
        select ${NEW_ID('rmd')}, x.organization_id, 'EVIDENCE_EXPIRING_EVENT', x.id, null, x.valid_until, 'SENT', ${at}, ${at}
        from evidence x
        where x.archived_at is null and x.valid_until is not null
          and x.valid_until <= ${today}::date + ${EVIDENCE_EXPIRING_DAYS}::int
          and ${subscribed('evidence.expiring')}
          and not exists (select 1 from reminders r
            where r.subject_id = x.id and r.kind = 'EVIDENCE_EXPIRING_EVENT' and r.period = x.valid_until)
        limit ${limit}
        on conflict do nothing
        returning subject_id)
      insert into outbox_events (id, organization_id, type, payload, created_at)
      select ${NEW_ID('msg')}, v.organization_id, 'evidence.expiring',
        jsonb_build_object('organization_id', v.organization_id, 'record_type', 'evidence', 'record_id', v.id,
          'record', jsonb_build_object('id', v.id, 'kind', v.kind, 'title', v.title,
            'valid_until', to_char(v.valid_until, 'YYYY-MM-DD'), 'expired', v.valid_until < ${today}::date)),
        ${at}
      from claimed c join evidence v on v.id = c.subject_id
      returning id`.execute(trx);
    return tasks.rows.length + evidence.rows.length;
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
