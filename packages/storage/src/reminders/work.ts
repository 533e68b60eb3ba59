import { registers } from '@comply/schemas/registers';
import { sql } from 'kysely';
import type { StorageContext } from '../context.js';
import { toDateString } from '../dates.js';
import { notificationPreferences } from './preferences.js';

/** One task as a reminder mail lists it. */
export interface ReminderTask {
  id: string;
  title: string;
  due_date: string;
  overdue: boolean;
  /** The record the task is about, with its title when it still exists. */
  subject: { id: string; title: string | null } | null;
}

/** What the reminder job needs to write one mail; null when there is nothing (left) to send. */
export interface ReminderMail {
  id: string;
  kind: 'DUE_SOON' | 'OVERDUE' | 'DIGEST';
  organization: { id: string; name: string };
  recipient: { id: string; email: string; name: string | null };
  tasks: ReminderTask[];
}

const TABLE_BY_PREFIX: ReadonlyMap<string, (typeof registers)[keyof typeof registers]> = new Map(
  Object.values(registers).map((r) => [r.idPrefix, r]),
);

/** The most tasks one digest lists (the rest is counted). */
export const DIGEST_LIMIT = 50;

/** The reminder job's reads and its one write (marking a reminder sent). */
export function reminderWork(ctx: StorageContext) {
  const { db, clock } = ctx;

  async function subjectOf(organizationId: string, id: string | null): Promise<ReminderTask['subject']> {
    if (!id) return null;
    const register = TABLE_BY_PREFIX.get(id.slice(0, id.indexOf('_')));
    if (!register) return { id, title: null };
    const row = await db
      .selectFrom(register.table)
      .select(
        sql<string>`concat_ws(' ', ${sql.join(register.titleFields.map((f) => sql.ref(f)))})`.as('title'),
      )
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .executeTakeFirst();
    return { id, title: row?.title ?? null };
  }

  return {
    /**
     * The reminder's mail, or null when it was sent already, its task is no longer open, assigned
     * to the recipient or due that day, or the recipient turned that kind of mail off since.
     */
    mail: async ({ reminderId }: { reminderId: string }): Promise<ReminderMail | null> => {
      const reminder = await db
        .selectFrom('reminders as r')
        .innerJoin('organizations as o', 'o.id', 'r.organization_id')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .innerJoin('memberships as m', (join) =>
          join.onRef('m.organization_id', '=', 'r.organization_id').onRef('m.user_id', '=', 'r.user_id'),
        )
        .select([
          'r.id',
          'r.kind',
          'r.status',
          'r.subject_id',
          'r.period',
          'r.organization_id',
          'o.name as organization_name',
          'u.id as user_id',
          'u.email',
          'u.name',
        ])
        .where('r.id', '=', reminderId)
        .executeTakeFirst();
      if (reminder?.status !== 'QUEUED') return null;
      const kind = reminder.kind as ReminderMail['kind'];
      const prefs = await notificationPreferences(ctx).get({
        organizationId: reminder.organization_id,
        userId: reminder.user_id,
      });
      if ((kind === 'DUE_SOON' && prefs.due_soon_days === 0) || (kind === 'OVERDUE' && !prefs.overdue))
        return null;
      if (kind === 'DIGEST' && !prefs.digest) return null;
      let query = db
        .selectFrom('tasks')
        .select(['id', 'title', 'due_date', 'subject_id'])
        .where('organization_id', '=', reminder.organization_id)
        .where('assignee_id', '=', reminder.user_id)
        .where('status', 'in', ['OPEN', 'IN_PROGRESS'])
        .where('archived_at', 'is', null)
        .orderBy('due_date')
        .orderBy('id');
      query =
        kind === 'DIGEST'
          ? query.limit(DIGEST_LIMIT)
          : query.where('id', '=', reminder.subject_id ?? '').where('due_date', '=', reminder.period);
      const rows = await query.execute();
      if (rows.length === 0) return null;
      const today = toDateString(clock());
      const tasks: ReminderTask[] = [];
      for (const row of rows) {
        const due = typeof row.due_date === 'string' ? row.due_date : toDateString(row.due_date);
        tasks.push({
          id: row.id,
          title: row.title,
          due_date: due,
          overdue: due < today,
          subject: await subjectOf(reminder.organization_id, row.subject_id),
        });
      }
      return {
        id: reminder.id,
        kind,
        organization: { id: reminder.organization_id, name: reminder.organization_name },
        recipient: { id: reminder.user_id, email: reminder.email, name: reminder.name },
        tasks,
      };
    },

    /**
     * Marks a reminder SENT (after the SMTP server took the mail), or SKIPPED (its mail had
     * nothing left to say); false when it was no longer QUEUED.
     */
    markSent: async ({
      reminderId,
      skipped = false,
    }: {
      reminderId: string;
      skipped?: boolean;
    }): Promise<boolean> => {
      const at = clock().toISOString();
      const result = await db
        .updateTable('reminders')
        .set(skipped ? { status: 'SKIPPED' } : { status: 'SENT', sent_at: at })
        .where('id', '=', reminderId)
        .where('status', '=', 'QUEUED')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Counts of the ledger's rows by kind and status (tests and the bench). */
    counts: async (): Promise<Record<string, number>> => {
      const rows = await db
        .selectFrom('reminders')
        .select(['kind', 'status', db.fn.countAll<string>().as('n')])
        .groupBy(['kind', 'status'])
        .execute();
      return Object.fromEntries(rows.map((row) => [`${row.kind}:${row.status}`, Number(row.n)]));
    },
  };
}
