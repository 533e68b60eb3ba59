/** Source of "now"; injected so computed fields (overdue, upcoming…) are deterministic in tests. */
export type Clock = () => Date;

/** The system clock. */
export const systemClock: Clock = () => new Date();

/** A `YYYY-MM-DD` calendar date in UTC. */
export function toDateString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(args: { date: string; days: number }): string {
  const base = new Date(`${args.date}T00:00:00.000Z`);
  base.setUTCDate(base.getUTCDate() + args.days);
  return toDateString(base);
}

/** ISO 8601 with milliseconds and `Z`, the wire format of timestamps. */
export function toIsoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Like toIsoTimestamp, keeping null. */
export function toIsoOrNull(value: Date | string | null): string | null {
  return value === null ? null : toIsoTimestamp(value);
}
