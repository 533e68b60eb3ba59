import { inTransaction, type StorageContext } from '../context.js';
import { toIsoOrNull } from '../dates.js';
import type { Db } from '../db/types.js';
import type { Role } from '../enums.js';
import { pendingInvitations } from './invitations.js';
import { type Membership, membershipsRepository } from './memberships.js';
import { hashSecret } from './token-rows.js';
import { type User, usersRepository } from './users.js';

/** What an invitation code shows its holder before they act on it. */
export interface InvitationPreview {
  organization_name: string;
  email: string;
  role: Role;
  /** When the access it grants ends (an AUDITOR's), or null. */
  access_expires_at: string | null;
  expires_at: string;
}

/** Why a code could not be used: unknown, used, withdrawn or expired; another account's; or the email has an account. */
export type RedeemProblem = 'invalid' | 'other_email' | 'account_exists';

export type RedeemResult<T> = { ok: true; value: T } | { ok: false; problem: RedeemProblem };

/** Looking at and using invitation codes; every use claims the code atomically, once. */
export function invitationRedeemRepository(ctx: StorageContext) {
  /** Marks the pending invitation with this code accepted, under a row lock: only one use wins. */
  const claim = async ({ db, secret }: { db: Db; secret: string }) =>
    db
      .updateTable('invitations')
      .set({ accepted_at: ctx.clock().toISOString() })
      .where('secret_hash', '=', hashSecret(secret))
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', ctx.clock())
      .returning(['id', 'organization_id', 'email', 'role', 'access_expires_at'])
      .executeTakeFirst();

  /** Puts a claimed invitation back to pending, so its code stays usable by the one it was meant for. */
  const release = async (db: Db, id: string) =>
    db.updateTable('invitations').set({ accepted_at: null }).where('id', '=', id).execute();

  const join = async (args: {
    ctx: StorageContext;
    invitation: { id: string; organization_id: string; role: string; access_expires_at: Date | null };
    user: User;
  }): Promise<Membership> => {
    await args.ctx.db
      .updateTable('invitations')
      .set({ accepted_by: args.user.id })
      .where('id', '=', args.invitation.id)
      .execute();
    return membershipsRepository(args.ctx).add({
      organizationId: args.invitation.organization_id,
      userId: args.user.id,
      role: args.invitation.role as Role,
      expiresAt: toIsoOrNull(args.invitation.access_expires_at),
      actor: { userId: args.user.id, tokenId: null, source: 'console', action: 'acceptInvitation' },
    });
  };

  return {
    /** The pending invitation with this code, or null. */
    preview: async (args: { secret: string }): Promise<InvitationPreview | null> => {
      const row = await pendingInvitations({ db: ctx.db, now: ctx.clock() })
        .innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
        .select([
          'organizations.name',
          'invitations.email',
          'invitations.role',
          'invitations.access_expires_at',
          'invitations.expires_at',
        ])
        .where('invitations.secret_hash', '=', hashSecret(args.secret))
        .executeTakeFirst();
      if (!row) return null;
      return {
        organization_name: row.name,
        email: row.email,
        role: row.role as Role,
        access_expires_at: toIsoOrNull(row.access_expires_at),
        expires_at: row.expires_at.toISOString(),
      };
    },

    /** An existing account accepts: the code must be pending and addressed to the account's email. */
    accept: async (args: { secret: string; user: User }): Promise<RedeemResult<Membership>> =>
      inTransaction(ctx.db, async (trx) => {
        const invitation = await claim({ db: trx, secret: args.secret });
        if (!invitation) return { ok: false, problem: 'invalid' };
        if (invitation.email.toLowerCase() !== args.user.email.toLowerCase()) {
          // Leave the code usable by the account it was meant for.
          await release(trx, invitation.id);
          return { ok: false, problem: 'other_email' };
        }
        return { ok: true, value: await join({ ctx: { ...ctx, db: trx }, invitation, user: args.user }) };
      }),

    /** A newcomer redeems: creates the account for the invitation's email with their own password. */
    redeem: async (args: {
      secret: string;
      password: string;
      name?: string | null;
    }): Promise<RedeemResult<{ user: User; membership: Membership }>> =>
      inTransaction(ctx.db, async (trx) => {
        const invitation = await claim({ db: trx, secret: args.secret });
        if (!invitation) return { ok: false, problem: 'invalid' };
        const users = usersRepository({ ...ctx, db: trx });
        if (await users.findByEmail({ email: invitation.email })) {
          await release(trx, invitation.id);
          return { ok: false, problem: 'account_exists' };
        }
        const user = await users.create({
          email: invitation.email,
          password: args.password,
          name: args.name,
        });
        const membership = await join({ ctx: { ...ctx, db: trx }, invitation, user });
        return { ok: true, value: { user, membership } };
      }),
  };
}

/** The invitation-redeem repository's type. */
export type InvitationRedeemRepository = ReturnType<typeof invitationRedeemRepository>;
