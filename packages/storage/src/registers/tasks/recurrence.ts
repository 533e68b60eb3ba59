import type { TaskRecurrenceUnit } from '@comply/schemas';
import { addDays } from '../../dates.js';

/** `date` plus `months` calendar months, the day kept or clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** One step of a recurrence from `date`. */
export function step(date: string, every: number, unit: TaskRecurrenceUnit, times = 1): string {
  if (unit === 'MONTHS') return addMonths(date, every * times);
  return addDays({ date, days: every * times * (unit === 'WEEKS' ? 7 : 1) });
}

/**
 * The next occurrence's due date: the first date of the series (from the completed occurrence's
 * due date, counted from it, so months keep their day) that is after `after` (the completion
 * day), so completing late does not leave a backlog of occurrences already past.
 */
export function nextDueDate(args: {
  from: string;
  every: number;
  unit: TaskRecurrenceUnit;
  after: string;
}): string {
  for (let n = 1; ; n++) {
    const next = step(args.from, args.every, args.unit, n);
    if (next > args.after) return next;
  }
}
