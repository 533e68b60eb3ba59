import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * The reminder scan's keyset (docs/jobs.md, "Reminders"): open tasks of every organization in
 * (due date, id) order, so the scan walks them a window at a time — each transaction reads the next
 * few open tasks from where the last one stopped, instead of sorting every open task again — and
 * holds the embedded engine's one connection only briefly.
 */
export const reminderScanKeys: Migration = {
  version: 34,
  name: 'reminder_scan_keys',
  up: async (trx) => {
    await run(trx, [
      sql`create index tasks_open_due_key on tasks (due_date, id)
        where status in ('OPEN', 'IN_PROGRESS') and archived_at is null`,
    ]);
  },
};
