import type { StorageContext } from '../context.js';
import { notificationPreferences } from './preferences.js';
import { reminderScan } from './scan.js';
import { reminderWork } from './work.js';

/**
 * Reminders by e-mail and the dated webhook events (docs/jobs.md, "Reminders"): members'
 * preferences, the scan that claims what is due in the ledger, and the reminder job's reads.
 */
export function remindersRepository(ctx: StorageContext) {
  return {
    preferences: notificationPreferences(ctx),
    ...reminderScan(ctx),
    ...reminderWork(ctx),
  };
}

export type RemindersRepository = ReturnType<typeof remindersRepository>;
