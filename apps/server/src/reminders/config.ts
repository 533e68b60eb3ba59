/** Settings of reminders by e-mail (COMPLY_DIGEST_WEEKDAY, COMPLY_REMINDER_*; docs/jobs.md). */
export interface RemindersConfig {
  /** ISO weekday (1 = Monday … 7 = Sunday) from which each week's digest goes out. */
  digestWeekday: number;
  /** How often each instance scans for due reminders. */
  scanMs: number;
  /** Retries of a mail the SMTP server did not take; the delay doubles from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

/** Reads the reminder settings; a weekday is a name (`monday`, `mon`) or 1–7 (1 = Monday). */
export function parseReminders(env: NodeJS.ProcessEnv): RemindersConfig {
  const raw = (env.COMPLY_DIGEST_WEEKDAY ?? '').trim().toLowerCase();
  let digestWeekday = 1;
  if (raw) {
    const byName = WEEKDAYS.findIndex((day) => raw.length >= 3 && day.startsWith(raw));
    digestWeekday = byName >= 0 ? byName + 1 : Number(raw);
    if (!Number.isInteger(digestWeekday) || digestWeekday < 1 || digestWeekday > 7)
      throw new Error(`COMPLY_DIGEST_WEEKDAY must be a weekday (monday … sunday, or 1–7), got "${raw}"`);
  }
  return {
    digestWeekday,
    scanMs: whole(env, 'COMPLY_REMINDER_SCAN_MS', 300_000, 100),
    retryLimit: whole(env, 'COMPLY_REMINDER_RETRIES', 5, 0),
    retryDelaySeconds: whole(env, 'COMPLY_REMINDER_RETRY_DELAY_SECONDS', 60, 1),
  };
}
