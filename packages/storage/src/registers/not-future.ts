import { invalidInput } from '../errors.js';

/**
 * How far ahead of the server's clock a timestamp may be before it counts as "in the future": a
 * few minutes of clock skew between the client that stamped it and the server.
 */
export const TIMESTAMP_SKEW_MS = 5 * 60 * 1000;

/**
 * The latest calendar date anywhere on Earth right now (UTC+14): a date a person typed in their
 * own time zone is never refused for being "tomorrow" in UTC.
 */
export function latestDate(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** INVALID_INPUT on `field` when a `YYYY-MM-DD` date lies after today in every time zone. */
export function refuseFutureDate(args: { field: string; value: string | null | undefined; now: Date }): void {
  if (args.value === null || args.value === undefined) return;
  const latest = latestDate(args.now);
  if (args.value.slice(0, 10) > latest) {
    throw invalidInput(
      args.field,
      `\`${args.field}\` ${args.value} is in the future; it records something that has happened, so it must be ${latest} or earlier.`,
    );
  }
}

/** INVALID_INPUT on `field` when a timestamp lies more than TIMESTAMP_SKEW_MS after `now`. */
export function refuseFutureTimestamp(args: {
  field: string;
  value: string | null | undefined;
  now: Date;
}): void {
  if (args.value === null || args.value === undefined) return;
  if (new Date(args.value).getTime() > args.now.getTime() + TIMESTAMP_SKEW_MS) {
    throw invalidInput(
      args.field,
      `\`${args.field}\` ${args.value} is in the future; evidence can only have been collected by now (${args.now.toISOString()}, 5 minutes of clock skew allowed).`,
    );
  }
}

/** refuseFutureDate over several date fields of one write (absent and null fields pass). */
export function refuseFutureDates(args: {
  now: string;
  dates: Record<string, string | null | undefined>;
}): void {
  const now = new Date(args.now);
  for (const [field, value] of Object.entries(args.dates)) refuseFutureDate({ field, value, now });
}
