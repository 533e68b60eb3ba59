/** What a reminders-ledger row stands for: a mail to an assignee or member, or a webhook event. */
export const REMINDER_KINDS = [
  'DUE_SOON',
  'OVERDUE',
  'DIGEST',
  'TASK_DUE_EVENT',
  'EVIDENCE_EXPIRING_EVENT',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Mail kinds, sent by the reminder job; the event kinds are written to the outbox by the scan. */
export const MAIL_KINDS = ['DUE_SOON', 'OVERDUE', 'DIGEST'] as const;

/** Days before a due date a member's reminder goes out unless they chose otherwise. */
export const DEFAULT_DUE_SOON_DAYS = 3;

/** The longest lead a member may choose: the task generation horizon (docs/data-model.md). */
export const MAX_DUE_SOON_DAYS = 30;

/** How many days ahead of its valid_until an evidence's `evidence.expiring` event is emitted. */
export const EVIDENCE_EXPIRING_DAYS = 30;
