import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { appendAudit } from '../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import type { Database } from '../db/types.js';
import type { Role } from '../enums.js';
import { newId } from '../ids.js';
import { liveMembership } from './access-expiry.js';
import { hashPassword } from './passwords.js';
import { hashSecret } from './token-rows.js';
import type { User } from './users.js';

/** A user's second-factor state, as the console may see it (never the secret). */
export interface SecondFactorState {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
}

/** What the sign-in code step needs: the decrypted secret and the last accepted time step. */
export interface TotpSecret {
  secret: string;
  lastStep: number | null;
}

/** AES-256-GCM as `v1.<iv>.<tag>.<ciphertext>` (base64url). */
function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function decrypt(key: Buffer, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable second-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

type Trx = Transaction<Database>;

/** Appends an audit entry about a user account (no organization). */
const auditUser = (args: {
  trx: Trx;
  actor: Actor;
  userId: string;
  before: unknown;
  after: unknown;
  at: Date;
}) => appendAudit({ ...args, organizationId: null, recordType: 'user', recordId: args.userId });

/**
 * Second factor (TOTP), recovery codes, password resets and the organization's requirement of a
 * second factor. Secrets are encrypted with the database's `identity_key`; codes and reset tokens
 * are stored as SHA-256 hashes. Every change is in the audit log.
 */
export function identityRepository(ctx: StorageContext) {
  let key: Promise<Buffer> | undefined;
  const identityKey = () => {
    key ??= ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'identity_key')
      .executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.value, 'hex'));
    return key;
  };
  const recoveryLeft = async (db: StorageContext['db'], userId: string) => {
    const row = await db
      .selectFrom('user_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const state = async (db: StorageContext['db'], userId: string): Promise<SecondFactorState> => {
    const row = await db
      .selectFrom('users')
      .select('totp_enabled_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    const enabledAt = row?.totp_enabled_at ?? null;
    return {
      enabled: enabledAt !== null,
      enabled_at: enabledAt ? enabledAt.toISOString() : null,
      recovery_codes_left: enabledAt ? await recoveryLeft(db, userId) : 0,
    };
  };
  /**
   * Runs `change` in one transaction and audits the user's second-factor state before and after;
   * when `change` returns false nothing changed and nothing is audited.
   */
  const auditedChange = (
    args: { userId: string; actor: Actor },
    change: (trx: Trx, at: Date) => Promise<boolean | undefined>,
  ) =>
    inTransaction(ctx.db, async (trx) => {
      const at = ctx.clock();
      const before = await state(trx, args.userId);
      if ((await change(trx, at)) === false) return false;
      const after = await state(trx, args.userId);
      await auditUser({ trx, actor: args.actor, userId: args.userId, before, after, at });
      return true;
    });
  const storeRecoveryCodes = async (trx: Trx, userId: string, codes: readonly string[], at: Date) => {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(
        codes.map((code) => ({ user_id: userId, code_hash: hashSecret(code), created_at: at.toISOString() })),
      )
      .execute();
  };

  return {
    state: (args: { userId: string }) => state(ctx.db, args.userId),

    /** Keeps `secret` (encrypted) as the enrolment in progress; replaces an earlier one. */
    beginTotp: async (args: { userId: string; secret: string }): Promise<void> => {
      await ctx.db
        .updateTable('users')
        .set({ totp_pending_secret: encrypt(await identityKey(), args.secret) })
        .where('id', '=', args.userId)
        .execute();
    },

    /** The enrolment in progress, decrypted, or null. */
    pendingTotp: async (args: { userId: string }): Promise<string | null> => {
      const row = await ctx.db
        .selectFrom('users')
        .select('totp_pending_secret')
        .where('id', '=', args.userId)
        .executeTakeFirst();
      return row?.totp_pending_secret ? decrypt(await identityKey(), row.totp_pending_secret) : null;
    },

    /** The enabled secret and the last accepted step, or null without a second factor. */
    totpSecret: async (args: { userId: string }): Promise<TotpSecret | null> => {
      const row = await ctx.db
        .selectFrom('users')
        .select(['totp_secret', 'totp_last_step'])
        .where('id', '=', args.userId)
        .executeTakeFirst();
      if (!row?.totp_secret) return null;
      const lastStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
      return { secret: decrypt(await identityKey(), row.totp_secret), lastStep };
    },

    /**
     * Makes the pending secret the account's second factor, with `recoveryCodes` (stored hashed)
     * and `step` as its last accepted time step.
     */
    enableTotp: (args: { userId: string; actor: Actor; step: number; recoveryCodes: readonly string[] }) =>
      auditedChange(args, async (trx, at) => {
        const updated = await trx
          .updateTable('users')
          .set((eb) => ({
            totp_secret: eb.ref('totp_pending_secret'),
            totp_pending_secret: null,
            totp_enabled_at: at.toISOString(),
            totp_last_step: args.step,
            updated_at: at.toISOString(),
          }))
          .where('id', '=', args.userId)
          .where('totp_pending_secret', 'is not', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await storeRecoveryCodes(trx, args.userId, args.recoveryCodes, at);
        return true;
      }),

    /** Turns the second factor off and forgets its secret and recovery codes. */
    disableTotp: (args: { userId: string; actor: Actor }) =>
      auditedChange(args, async (trx, at) => {
        await trx
          .updateTable('users')
          .set({
            totp_secret: null,
            totp_pending_secret: null,
            totp_enabled_at: null,
            totp_last_step: null,
            updated_at: at.toISOString(),
          })
          .where('id', '=', args.userId)
          .execute();
        await trx.deleteFrom('user_recovery_codes').where('user_id', '=', args.userId).execute();
        return true;
      }),

    /** Replaces the recovery codes with new ones (the old ones stop working). */
    replaceRecoveryCodes: (args: { userId: string; actor: Actor; recoveryCodes: readonly string[] }) =>
      auditedChange(args, async (trx, at) => {
        await storeRecoveryCodes(trx, args.userId, args.recoveryCodes, at);
        return true;
      }),

    /**
     * Records `step` as used when it is later than the last accepted one: true once per step, so a
     * code seen by someone else cannot be replayed.
     */
    acceptStep: async (args: { userId: string; step: number }): Promise<boolean> => {
      const updated = await ctx.db
        .updateTable('users')
        .set({ totp_last_step: args.step })
        .where('id', '=', args.userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', args.step)]))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** Spends one unused recovery code: true once per code. */
    useRecoveryCode: (args: { userId: string; code: string; actor: Actor }) =>
      // Recorded as its own action, whatever the code was spent on.
      auditedChange({ ...args, actor: { ...args.actor, action: 'useRecoveryCode' } }, async (trx, at) => {
        const used = await trx
          .updateTable('user_recovery_codes')
          .set({ used_at: at.toISOString() })
          .where('user_id', '=', args.userId)
          .where('code_hash', '=', hashSecret(args.code))
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return Number(used.numUpdatedRows) === 1;
      }),

    /** A single-use password-reset token for `userId`, valid `ttlMs`; only its hash is stored. */
    createPasswordReset: async (args: { userId: string; ttlMs: number }): Promise<string> => {
      const at = ctx.clock();
      const token = randomBytes(32).toString('base64url');
      await ctx.db
        .insertInto('password_resets')
        .values({
          id: newId('reset', at.getTime()),
          user_id: args.userId,
          token_hash: hashSecret(token),
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + args.ttlMs).toISOString(),
        })
        .execute();
      return token;
    },

    /** The account a reset token (unused, unexpired) is for, or null. */
    passwordResetUser: async (args: { token: string }): Promise<{ userId: string; email: string } | null> => {
      const row = await ctx.db
        .selectFrom('password_resets as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['u.id', 'u.email'])
        .where('r.token_hash', '=', hashSecret(args.token))
        .where('r.used_at', 'is', null)
        .where('r.expires_at', '>', ctx.clock())
        .executeTakeFirst();
      return row ? { userId: row.id, email: row.email } : null;
    },

    /**
     * Spends a reset token and sets the password, in one transaction: the user's id, or null when
     * the token is unknown, used or expired. Every session and pending reset of the user ends.
     */
    redeemPasswordReset: (args: { token: string; password: string; actor: Omit<Actor, 'userId'> }) =>
      inTransaction(ctx.db, async (trx) => {
        const at = ctx.clock();
        const row = await trx
          .updateTable('password_resets')
          .set({ used_at: at.toISOString() })
          .where('token_hash', '=', hashSecret(args.token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .returning('user_id')
          .executeTakeFirst();
        if (!row) return null;
        const userId = row.user_id;
        await trx
          .updateTable('users')
          .set({ password_hash: await hashPassword(args.password), updated_at: at.toISOString() })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('password_resets')
          .set({ used_at: at.toISOString() })
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .updateTable('console_sessions')
          .set({ revoked_at: at.toISOString() })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        await auditUser({
          trx,
          actor: { ...args.actor, userId },
          userId,
          before: null,
          after: { password_reset_at: at.toISOString() },
          at,
        });
        return userId;
      }),

    /** Whether any organization of the user requires a second factor. */
    totpRequired: async (args: { userId: string }): Promise<boolean> => {
      const row = await ctx.db
        .selectFrom('memberships as m')
        .innerJoin('organizations as o', 'o.id', 'm.organization_id')
        .select('o.id')
        .where('m.user_id', '=', args.userId)
        .where('o.require_totp', '=', true)
        .where(liveMembership('m', ctx.clock()))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** An organization's security settings (OWNERs change them; the caller checks the role). */
    organizationSecurity: async (args: { organizationId: string }) => {
      const row = await ctx.db
        .selectFrom('organizations')
        .select('require_totp')
        .where('id', '=', args.organizationId)
        .executeTakeFirstOrThrow();
      return { require_totp: row.require_totp };
    },

    /** OpenID Connect sign-in (see ssoAccounts). */
    sso: ssoAccounts(ctx),

    setOrganizationSecurity: ({
      organizationId: id,
      requireTotp,
      actor,
    }: {
      organizationId: string;
      requireTotp: boolean;
      actor: Actor;
    }) =>
      inTransaction(ctx.db, async (trx) => {
        const at = ctx.clock();
        const read = () =>
          trx
            .selectFrom('organizations')
            .select('require_totp')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
        const before = await read();
        await trx
          .updateTable('organizations')
          .set({ require_totp: requireTotp, updated_at: at.toISOString() })
          .where('id', '=', id)
          .execute();
        const after = await read();
        await appendAudit({
          trx,
          organizationId: id,
          actor,
          recordType: 'organization',
          recordId: id,
          before,
          after,
          at,
        });
        return after;
      }),
  };
}

/** What an OpenID provider vouches for: its issuer, the subject there, and a verified e-mail. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string | null;
}

/** No scrypt hash has this form: an account made by SSO has no password until it resets one. */
const NO_PASSWORD = '!';

/**
 * Accounts signed in through an OpenID provider: found by (issuer, subject); else an account with
 * the same e-mail is linked to it; else (just in time) a new account, member of `organizationId`
 * with `role` when given. Linking and creating are audited.
 */
export function ssoAccounts(ctx: StorageContext) {
  const toUser = (row: {
    id: string;
    email: string;
    name: string | null;
    created_at: Date;
    updated_at: Date;
  }): User => ({
    id: row.id,
    email: row.email,
    name: row.name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });
  const columns = ['id', 'email', 'name', 'created_at', 'updated_at', 'sso_subject'] as const;
  return {
    signIn: (args: {
      identity: SsoIdentity;
      /** Whether a new account may be made for this e-mail (its domain is allowed). */
      mayCreate: boolean;
      join: { organizationId: string; role: Role } | null;
    }): Promise<{ user: User; created: boolean } | null> =>
      inTransaction(ctx.db, async (trx) => {
        const { issuer, subject, email, name } = args.identity;
        const linked = await trx
          .selectFrom('users')
          .select(columns)
          .where('sso_issuer', '=', issuer)
          .where('sso_subject', '=', subject)
          .executeTakeFirst();
        if (linked) return { user: toUser(linked), created: false };
        const at = ctx.clock();
        const actor: Actor = { userId: null, tokenId: null, source: 'console', action: 'signInWithSso' };
        const byEmail = await trx
          .selectFrom('users')
          .select(columns)
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
          .executeTakeFirst();
        if (byEmail) {
          // Linked once; an account already linked to another subject is not taken over.
          if (byEmail.sso_subject !== null || !args.mayCreate) return null;
          await trx
            .updateTable('users')
            .set({ sso_issuer: issuer, sso_subject: subject, updated_at: at.toISOString() })
            .where('id', '=', byEmail.id)
            .execute();
          await auditUser({
            trx,
            actor: { ...actor, userId: byEmail.id, action: 'linkSso' },
            userId: byEmail.id,
            before: { sso_issuer: null },
            after: { sso_issuer: issuer },
            at,
          });
          return { user: toUser(byEmail), created: false };
        }
        if (!args.mayCreate) return null;
        const row = await trx
          .insertInto('users')
          .values({
            id: newId('user', at.getTime()),
            email,
            name,
            password_hash: NO_PASSWORD,
            sso_issuer: issuer,
            sso_subject: subject,
            created_at: at.toISOString(),
            updated_at: at.toISOString(),
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
        const user = toUser(row);
        await auditUser({
          trx,
          actor: { ...actor, userId: user.id, action: 'createSsoAccount' },
          userId: user.id,
          before: null,
          after: { email, sso_issuer: issuer },
          at,
        });
        if (args.join) {
          const id = newId('membership', at.getTime());
          const membership = {
            id,
            organization_id: args.join.organizationId,
            user_id: user.id,
            role: args.join.role,
            created_at: at.toISOString(),
            updated_at: at.toISOString(),
          };
          await trx.insertInto('memberships').values(membership).execute();
          await appendAudit({
            trx,
            organizationId: args.join.organizationId,
            actor: { ...actor, userId: user.id, action: 'joinWithSso' },
            recordType: 'membership',
            recordId: id,
            before: null,
            after: { ...membership, email },
            at,
          });
        }
        return { user, created: true };
      }),
  };
}

/** The identity repository's type. */
export type IdentityRepository = ReturnType<typeof identityRepository>;
