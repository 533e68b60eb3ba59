import { randomBytes } from 'node:crypto';
import type { StorageContext } from '../context.js';
import { toIsoOrNull, toIsoTimestamp } from '../dates.js';
import { newId } from '../ids.js';
import { liveMembership } from './access-expiry.js';
import { hashSecret } from './token-rows.js';
import type { User } from './users.js';

/** A console sign-in session; the cookie carries the secret, the table only its hash. */
export interface ConsoleSession {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Signed in with a password; the second factor is still to come. */
  pending_factor: boolean;
}

const DEFAULT_TTL_MS = 7 * 24 * 3_600_000;

/** Console sessions: create, resolve, revoke, purge. */
export function sessionsRepository(ctx: StorageContext) {
  return {
    create: async (args: {
      userId: string;
      ttlMs?: number;
      /** The account has a second factor still to give before the session serves the console. */
      pendingFactor?: boolean;
    }): Promise<{ session: ConsoleSession; secret: string }> => {
      const at = ctx.clock();
      const secret = randomBytes(32).toString('base64url');
      const row = await ctx.db
        .insertInto('console_sessions')
        .values({
          id: newId('session', at.getTime()),
          secret_hash: hashSecret(secret),
          user_id: args.userId,
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + (args.ttlMs ?? DEFAULT_TTL_MS)).toISOString(),
          pending_factor: args.pendingFactor ?? false,
        })
        .returning(['id', 'user_id', 'created_at', 'expires_at', 'revoked_at', 'pending_factor'])
        .executeTakeFirstOrThrow();
      return { session: toSession(row), secret };
    },

    /**
     * The session and its user, or null when unknown, expired or revoked; with whether the user has
     * a second factor and whether one of their organizations requires it.
     */
    get: async (
      secret: string,
    ): Promise<{
      session: ConsoleSession;
      user: User;
      secondFactor: { enabled: boolean; required: boolean };
    } | null> => {
      const row = await ctx.db
        .selectFrom('console_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.id',
          's.user_id',
          's.created_at',
          's.expires_at',
          's.revoked_at',
          's.pending_factor',
          'u.email',
          'u.name',
          'u.created_at as user_created_at',
          'u.updated_at as user_updated_at',
          'u.totp_enabled_at',
          (eb) =>
            eb
              .exists(
                eb
                  .selectFrom('memberships as m')
                  .innerJoin('organizations as o', 'o.id', 'm.organization_id')
                  .select('o.id')
                  .whereRef('m.user_id', '=', 's.user_id')
                  .where('o.require_totp', '=', true)
                  .where(liveMembership('m', ctx.clock())),
              )
              .as('totp_required'),
        ])
        .where('s.secret_hash', '=', hashSecret(secret))
        .executeTakeFirst();
      if (!row || row.revoked_at || row.expires_at.getTime() <= ctx.clock().getTime()) return null;
      const user = {
        id: row.user_id,
        email: row.email,
        name: row.name,
        created_at: toIsoTimestamp(row.user_created_at),
        updated_at: toIsoTimestamp(row.user_updated_at),
      };
      const secondFactor = { enabled: row.totp_enabled_at !== null, required: Boolean(row.totp_required) };
      return { session: toSession(row), user, secondFactor };
    },

    /** The second factor was given: the session serves the console from now on. */
    completeFactor: async (secret: string): Promise<void> => {
      await ctx.db
        .updateTable('console_sessions')
        .set({ pending_factor: false })
        .where('secret_hash', '=', hashSecret(secret))
        .execute();
    },

    revoke: async (secret: string): Promise<void> => {
      await ctx.db
        .updateTable('console_sessions')
        .set({ revoked_at: ctx.clock().toISOString() })
        .where('secret_hash', '=', hashSecret(secret))
        .where('revoked_at', 'is', null)
        .execute();
    },

    revokeAllForUser: async (args: { userId: string }): Promise<void> => {
      await ctx.db
        .updateTable('console_sessions')
        .set({ revoked_at: ctx.clock().toISOString() })
        .where('user_id', '=', args.userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Deletes sessions that expired before now; returns how many. */
    purgeExpired: async (): Promise<number> => {
      const result = await ctx.db
        .deleteFrom('console_sessions')
        .where('expires_at', '<', ctx.clock())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function toSession(row: {
  id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  pending_factor: boolean;
}): ConsoleSession {
  return {
    id: row.id,
    user_id: row.user_id,
    created_at: toIsoTimestamp(row.created_at),
    expires_at: toIsoTimestamp(row.expires_at),
    revoked_at: toIsoOrNull(row.revoked_at),
    pending_factor: row.pending_factor,
  };
}

/** The sessions repository's type. */
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
