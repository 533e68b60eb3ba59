import { randomBytes } from 'node:crypto';
import { appendAudit } from '../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import { toIsoOrNull, toIsoTimestamp } from '../dates.js';
import type { Db } from '../db/types.js';
import type { Role } from '../enums.js';
import { notFound, StorageError } from '../errors.js';
import { newId } from '../ids.js';
import { accessExpiry } from './access-expiry.js';
import { hashSecret } from './token-rows.js';

/** A pending invitation to join an organization (never includes the code). */
export interface Invitation {
  id: string;
  organization_id: string;
  email: string;
  role: Role;
  /** When the access it grants ends (an AUDITOR's); null for the other roles. */
  access_expires_at: string | null;
  invited_by: string | null;
  created_at: string;
  /** When the code stops working: 7 days, or the end of the access it grants if sooner. */
  expires_at: string;
}

const DEFAULT_TTL_MS = 7 * 24 * 3_600_000;
const COLUMNS = [
  'id',
  'organization_id',
  'email',
  'role',
  'access_expires_at',
  'invited_by',
  'created_at',
  'expires_at',
] as const;

function toInvitation(row: {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  access_expires_at: Date | null;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
}): Invitation {
  return {
    ...row,
    role: row.role as Role,
    access_expires_at: toIsoOrNull(row.access_expires_at),
    created_at: toIsoTimestamp(row.created_at),
    expires_at: toIsoTimestamp(row.expires_at),
  };
}

/** Invitations neither accepted, withdrawn nor expired at `now`. */
export function pendingInvitations({ db, now }: { db: Db; now: Date }) {
  return db
    .selectFrom('invitations')
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
}

/** Issuing, listing and withdrawing invitations; redeeming them is in invitation-redeem.ts. */
export function invitationsRepository(ctx: StorageContext) {
  return {
    /**
     * A new invitation and its secret code (returned once, stored hashed). An earlier pending
     * invitation of the same email to the same organization is withdrawn; a member is CONFLICT.
     * An AUDITOR's invitation names when the access ends (`accessExpiresAt`, at most a year
     * ahead; INVALID_INPUT on `access_expires_at`), and its code ends no later.
     */
    create: async (args: {
      organizationId: string;
      email: string;
      role: Role;
      accessExpiresAt?: string | null;
      actor: Actor;
      ttlMs?: number;
    }): Promise<{ invitation: Invitation; secret: string }> =>
      inTransaction(ctx.db, async (trx) => {
        const at = ctx.clock();
        const accessExpiresAt = accessExpiry({
          role: args.role,
          expiresAt: args.accessExpiresAt,
          now: at,
          field: 'access_expires_at',
        });
        const codeEnds = at.getTime() + (args.ttlMs ?? DEFAULT_TTL_MS);
        const email = args.email.trim();
        const member = await trx
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select('memberships.id')
          .where('memberships.organization_id', '=', args.organizationId)
          .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
          .executeTakeFirst();
        if (member) {
          throw new StorageError({
            code: 'CONFLICT',
            field: 'email',
            message: 'This email is already a member.',
          });
        }
        await trx
          .updateTable('invitations')
          .set({ revoked_at: at.toISOString() })
          .where('organization_id', '=', args.organizationId)
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .execute();
        const secret = randomBytes(24).toString('base64url');
        const row = await trx
          .insertInto('invitations')
          .values({
            id: newId('invitation', at.getTime()),
            organization_id: args.organizationId,
            email,
            role: args.role,
            access_expires_at: accessExpiresAt,
            secret_hash: hashSecret(secret),
            invited_by: args.actor.userId,
            created_at: at.toISOString(),
            expires_at: new Date(
              accessExpiresAt ? Math.min(codeEnds, Date.parse(accessExpiresAt)) : codeEnds,
            ).toISOString(),
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        const invitation = toInvitation(row);
        await appendAudit({
          trx,
          organizationId: args.organizationId,
          actor: args.actor,
          recordType: 'invitation',
          recordId: invitation.id,
          before: null,
          after: invitation,
          at,
        });
        return { invitation, secret };
      }),

    /** The organization's pending invitations, newest first. */
    listPending: async (args: { organizationId: string }): Promise<Invitation[]> => {
      const rows = await pendingInvitations({ db: ctx.db, now: ctx.clock() })
        .select(COLUMNS)
        .where('organization_id', '=', args.organizationId)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toInvitation);
    },

    /** Withdraws a pending invitation of the organization (NOT_FOUND otherwise). */
    revoke: async (args: { organizationId: string; id: string; actor: Actor }): Promise<void> => {
      await inTransaction(ctx.db, async (trx) => {
        const at = ctx.clock();
        const row = await pendingInvitations({ db: trx, now: at })
          .select(COLUMNS)
          .where('organization_id', '=', args.organizationId)
          .where('id', '=', args.id)
          .executeTakeFirst();
        if (!row) throw notFound('invitation', args.id);
        await trx
          .updateTable('invitations')
          .set({ revoked_at: at.toISOString() })
          .where('id', '=', args.id)
          .execute();
        await appendAudit({
          trx,
          organizationId: args.organizationId,
          actor: args.actor,
          recordType: 'invitation',
          recordId: args.id,
          before: toInvitation(row),
          after: null,
          at,
        });
      });
    },
  };
}

/** The invitations repository's type. */
export type InvitationsRepository = ReturnType<typeof invitationsRepository>;
