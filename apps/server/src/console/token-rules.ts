import type { Organization } from '@comply/storage';
import { z } from 'zod';
import { roleCanWrite } from '../core/caller.js';
import { consoleError } from './errors.js';

const DAY = 86_400_000;
/** The expiry choices the console offers, in days (90 is the default). */
export const EXPIRY_CHOICES = [30, 60, 90, 365] as const;
export const DEFAULT_EXPIRY_DAYS = 90;
/** Past this age a token is flagged for rotation (the seed recommends about 90 days). */
export const ROTATION_DAYS = 90;

/** Body of `POST /tokens`. */
export const createTokenBody = z.strictObject({
  name: z.string().trim().min(1, 'a name is required').max(200),
  scope: z.enum(['READ', 'WRITE']).default('READ'),
  /** null or absent: every organization of the user, now and later. */
  organization_ids: z.array(z.string().trim().min(1).max(100)).min(1).max(100).nullable().default(null),
  expires_in_days: z.union(EXPIRY_CHOICES.map((days) => z.literal(days))).optional(),
  expires_on: z.iso.date().optional(),
  no_expiry: z.literal(true).optional(),
});

/** The expiry instant of a new token; at most one of the three ways may be used. */
export function resolveExpiry({
  body,
  now,
}: {
  body: z.output<typeof createTokenBody>;
  now: Date;
}): string | null {
  const given = [body.expires_in_days, body.expires_on, body.no_expiry].filter((v) => v !== undefined);
  if (given.length > 1) {
    throw consoleError({
      code: 'INVALID_INPUT',
      field: 'expires_in_days',
      message: 'Choose one of `expires_in_days`, `expires_on` or `no_expiry`.',
    });
  }
  if (body.no_expiry) return null;
  if (body.expires_on) {
    // A chosen date means "valid through that day" (UTC).
    const end = new Date(`${body.expires_on}T23:59:59.999Z`);
    if (end.getTime() <= now.getTime() || end.getTime() > now.getTime() + 366 * DAY) {
      throw consoleError({
        code: 'INVALID_INPUT',
        field: 'expires_on',
        message: '`expires_on` must be a date from today to one year ahead.',
      });
    }
    return end.toISOString();
  }
  return new Date(now.getTime() + (body.expires_in_days ?? DEFAULT_EXPIRY_DAYS) * DAY).toISOString();
}

/**
 * A read-write token must reach at least one organization where the user may write. (A token that
 * reaches an organization where the user is an AUDITOR has more rules, kept in storage for every
 * door: that organization alone, read-only, ending with the access.)
 */
export function checkScopeAllowed({
  scope,
  organizationIds,
  memberships,
}: {
  scope: 'READ' | 'WRITE';
  organizationIds: string[] | null;
  memberships: Organization[];
}) {
  if (scope !== 'WRITE') return;
  const covered = memberships.filter((o) => organizationIds === null || organizationIds.includes(o.id));
  if (!covered.some((o) => roleCanWrite(o.role))) {
    throw consoleError({
      code: 'FORBIDDEN',
      field: 'scope',
      message:
        'Your role only reads in every organization this token would reach (VIEWER or AUDITOR), so it can only be read-only. Choose scope READ.',
    });
  }
}

/** Whether a token is past the rotation reminder age. */
export function rotationDue({ createdAt, now }: { createdAt: string; now: Date }): boolean {
  return now.getTime() - new Date(createdAt).getTime() > ROTATION_DAYS * DAY;
}
