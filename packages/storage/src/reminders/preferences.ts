import { appendAudit } from '../audit/append.js';
import type { Actor, StorageContext } from '../context.js';
import { inTransaction } from '../context.js';
import { toIsoOrNull } from '../dates.js';
import { invalidInput } from '../errors.js';
import { DEFAULT_DUE_SOON_DAYS, MAX_DUE_SOON_DAYS } from './kinds.js';

/** What one member receives from one organization (docs/jobs.md, "Reminders"). */
export interface NotificationPreferences {
  organization_id: string;
  user_id: string;
  /** Days before a due date the reminder goes out; 0: no due-soon reminders. */
  due_soon_days: number;
  /** A reminder when an assigned task becomes overdue. */
  overdue: boolean;
  /** The weekly digest of the member's open and overdue tasks. */
  digest: boolean;
  /** null while the member keeps the defaults. */
  updated_at: string | null;
}

export type PreferencesPatch = Partial<Pick<NotificationPreferences, 'due_soon_days' | 'overdue' | 'digest'>>;

/** A member's notification preferences: read (defaults when never set) and changed, audited. */
export function notificationPreferences(ctx: StorageContext) {
  const { db, clock } = ctx;

  async function get(args: { organizationId: string; userId: string }): Promise<NotificationPreferences> {
    const row = await db
      .selectFrom('notification_preferences')
      .select(['due_soon_days', 'overdue', 'digest', 'updated_at'])
      .where('organization_id', '=', args.organizationId)
      .where('user_id', '=', args.userId)
      .executeTakeFirst();
    return {
      organization_id: args.organizationId,
      user_id: args.userId,
      due_soon_days: row?.due_soon_days ?? DEFAULT_DUE_SOON_DAYS,
      overdue: row?.overdue ?? true,
      digest: row?.digest ?? true,
      updated_at: toIsoOrNull(row?.updated_at ?? null),
    };
  }

  return {
    get,
    /** Changes the fields given; the caller has checked that the member belongs to the organization. */
    set: async (args: {
      organizationId: string;
      userId: string;
      patch: PreferencesPatch;
      actor: Actor;
    }): Promise<NotificationPreferences> => {
      const days = args.patch.due_soon_days;
      if (days !== undefined && (!Number.isInteger(days) || days < 0 || days > MAX_DUE_SOON_DAYS))
        throw invalidInput(
          'due_soon_days',
          `due_soon_days must be a whole number of days from 0 (off) to ${MAX_DUE_SOON_DAYS}.`,
        );
      const at = clock();
      return inTransaction(db, async (trx) => {
        const before = await notificationPreferences({ ...ctx, db: trx }).get(args);
        const next = { ...before, ...args.patch };
        await trx
          .insertInto('notification_preferences')
          .values({
            organization_id: args.organizationId,
            user_id: args.userId,
            due_soon_days: next.due_soon_days,
            overdue: next.overdue,
            digest: next.digest,
            updated_at: at.toISOString(),
          })
          .onConflict((oc) =>
            oc.columns(['organization_id', 'user_id']).doUpdateSet({
              due_soon_days: next.due_soon_days,
              overdue: next.overdue,
              digest: next.digest,
              updated_at: at.toISOString(),
            }),
          )
          .execute();
        const after = { ...next, updated_at: at.toISOString() };
        await appendAudit({
          trx,
          organizationId: args.organizationId,
          actor: args.actor,
          recordType: 'notification_preferences',
          recordId: args.userId,
          before: before.updated_at ? before : null,
          after,
          at,
        });
        return after;
      });
    },
  };
}
