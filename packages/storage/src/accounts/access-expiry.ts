import { type RawBuilder, sql } from 'kysely';
import type { Role } from '../enums.js';
import { invalidInput } from '../errors.js';

/** The longest an auditor's access may last from the moment it is granted or changed. */
export const MAX_AUDITOR_ACCESS_DAYS = 366;
const DAY_MS = 86_400_000;

/** The one role whose membership ends: read-only, for one organization, until `expires_at`. */
export const EXPIRING_ROLE: Role = 'AUDITOR';

/**
 * `<alias>.expires_at is null or <alias>.expires_at > now`: the membership still counts. Every
 * query that turns a membership into access (console, API tokens, OAuth grants) adds it, with the
 * storage clock's now, so an auditor's access ends at that instant on every door.
 */
export function liveMembership(alias: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.expires_at`)} is null or ${sql.ref(`${alias}.expires_at`)} > ${now.toISOString()}::timestamptz)`;
}

/**
 * The end of access a role takes: an AUDITOR needs one in the future and at most
 * MAX_AUDITOR_ACCESS_DAYS ahead (INVALID_INPUT on `field` otherwise); every other role has none
 * (an end given with it is INVALID_INPUT too). Returns the ISO timestamp, or null.
 */
export function accessExpiry(args: {
  role: Role;
  expiresAt: string | null | undefined;
  now: Date;
  field: string;
}): string | null {
  const { role, expiresAt, now, field } = args;
  if (role !== EXPIRING_ROLE) {
    if (expiresAt != null) {
      throw invalidInput(field, `Only an ${EXPIRING_ROLE}'s access ends; a ${role} takes no \`${field}\`.`);
    }
    return null;
  }
  const at = expiresAt == null ? Number.NaN : Date.parse(expiresAt);
  if (Number.isNaN(at)) {
    throw invalidInput(
      field,
      `An ${EXPIRING_ROLE}'s access must end: give \`${field}\`, a date-time within ${MAX_AUDITOR_ACCESS_DAYS} days.`,
    );
  }
  if (at <= now.getTime() || at > now.getTime() + MAX_AUDITOR_ACCESS_DAYS * DAY_MS) {
    throw invalidInput(
      field,
      `\`${field}\` must be after now and at most ${MAX_AUDITOR_ACCESS_DAYS} days ahead (an auditor's access lasts at most a year).`,
    );
  }
  return new Date(at).toISOString();
}
