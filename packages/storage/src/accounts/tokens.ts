import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { appendAudit } from '../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import { toIsoTimestamp } from '../dates.js';
import type { Role, TokenScope } from '../enums.js';
import { notFound } from '../errors.js';
import { liveMembership } from './access-expiry.js';
import { deleteGrantRecords, oauthGrants, type TokenAudit } from './oauth-grants.js';
import { hashSecret, insertToken, selectTokens, toToken } from './token-rows.js';
import type { ApiToken, Authentication } from './token-types.js';
import { tokenUsage } from './token-usage.js';

/** Every token secret starts with this. */
export const TOKEN_SECRET_PREFIX = 'comply_pat_';
const DISPLAY_PREFIX_LENGTH = 16;
// Cache keys of OAuth grants; a secret's hash is 64 hex digits and never starts with this.
const GRANT_KEY = 'grant:';

/**
 * The caller's organizations through this token: live memberships (an auditor's access not yet
 * ended at `now`) ∩ the token's restriction, each with its role and end of access.
 */
const tokenOrganizations = (now: Date) => sql<
  { id: string; role: Role; expires_at: string | null }[]
>`(select coalesce(jsonb_agg(
    jsonb_build_object('id', m.organization_id, 'role', m.role, 'expires_at', m.expires_at)
    order by m.organization_id), '[]'::jsonb)
  from memberships m where m.user_id = t.user_id and ${liveMembership('m', now)} and (not t.org_restricted or exists (
    select 1 from api_token_organizations o where o.token_id = t.id and o.organization_id = m.organization_id)))`;

/** API tokens: only the secret's hash and a display prefix are stored. */
export function tokensRepository(ctx: StorageContext) {
  const audit: TokenAudit = (args) =>
    appendAudit({ ...args, organizationId: null, recordType: 'api_token', recordId: args.after.id });
  const inFlight = new Map<string, Promise<Authentication>>();

  /**
   * Reads the token of `hash` (an API token's secret hash, or `grant:<id>` for an OAuth grant) with
   * ONE query, and caches an acceptance read at `authVersion` under that key.
   */
  async function lookUp(hash: string, authVersion: number): Promise<Authentication> {
    const grantId = hash.startsWith(GRANT_KEY) ? hash.slice(GRANT_KEY.length) : null;
    const row = await selectTokens(ctx.db)
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        'u.email',
        'u.name as user_name',
        'u.created_at as user_created_at',
        'u.updated_at as user_updated_at',
        tokenOrganizations(ctx.clock()).as('organizations'),
      ])
      .where((eb) =>
        grantId === null
          ? eb.and([eb('t.secret_hash', '=', hash), eb('t.kind', '=', 'api')])
          : eb.and([eb('t.oauth_grant_id', '=', grantId), eb('t.kind', '=', 'oauth')]),
      )
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    if (row.expires_at && row.expires_at.getTime() <= ctx.clock().getTime())
      return { ok: false, reason: 'expired' };
    const user = {
      id: row.user_id,
      email: row.email,
      name: row.user_name,
      created_at: toIsoTimestamp(row.user_created_at),
      updated_at: toIsoTimestamp(row.user_updated_at),
    };
    const accepted = { ok: true as const, token: toToken(row), user, organizations: row.organizations };
    ctx.authCache.set({ hash, value: accepted, authVersion });
    return accepted;
  }

  function cachedLookUp(hash: string): Promise<Authentication> {
    const cached = ctx.authCache.get(hash);
    if (cached) return Promise.resolve(cached);
    const authVersion = ctx.changes.authVersion();
    const key = `${authVersion}:${hash}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = lookUp(hash, authVersion).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  return {
    /** Creates a token; `secret` is returned once and never stored. */
    create: (args: {
      userId: string;
      name: string;
      scope: TokenScope;
      expiresAt: string | null;
      organizationIds?: string[] | null;
      actor?: Actor;
    }): Promise<{ token: ApiToken; secret: string }> =>
      inTransaction(ctx.db, async (trx) => {
        const restricted = args.organizationIds ?? null;
        const at = ctx.clock();
        const secret = TOKEN_SECRET_PREFIX + randomBytes(32).toString('base64url');
        const token = await insertToken({
          trx,
          at,
          userId: args.userId,
          scope: args.scope,
          expiresAt: args.expiresAt === null ? null : toIsoTimestamp(args.expiresAt),
          organizationIds: restricted,
          columns: {
            name: args.name,
            prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH),
            secret_hash: hashSecret(secret),
          },
        });
        const actor = args.actor ?? {
          userId: args.userId,
          tokenId: null,
          source: 'console',
          action: 'createToken',
        };
        await audit({ trx, actor, before: null, after: token, at });
        return { token, secret };
      }),

    /**
     * Resolves a presented secret: from the auth cache, else with ONE query by hash. Callers that
     * present the same secret while its query runs share that query (read at the same auth
     * version), so a cache entry's expiry under load costs one query, not one per waiting request.
     */
    authenticate: (secret: string): Promise<Authentication> => cachedLookUp(hashSecret(secret)),

    /**
     * Resolves an OAuth grant (a connected app) to its token row, user and organizations, cached and
     * invalidated like an API token, so a revocation reaches every instance within a second.
     */
    authenticateGrant: (grantId: string): Promise<Authentication> => cachedLookUp(GRANT_KEY + grantId),

    get: async (args: { tokenId: string }): Promise<ApiToken | null> => {
      const row = await selectTokens(ctx.db).where('t.id', '=', args.tokenId).executeTakeFirst();
      return row ? toToken(row) : null;
    },

    /** Revokes a token at once; `userId`, when given, must own it (else NOT_FOUND). */
    revoke: async (args: { tokenId: string; userId?: string; actor?: Actor }): Promise<ApiToken> => {
      const revoked = await inTransaction(ctx.db, async (trx) => {
        let query = selectTokens(trx).where('t.id', '=', args.tokenId);
        if (args.userId) query = query.where('t.user_id', '=', args.userId);
        const beforeRow = await query.executeTakeFirst();
        if (!beforeRow) throw notFound('token', args.tokenId);
        const before = toToken(beforeRow);
        if (before.revoked_at) return before;
        const at = ctx.clock();
        await trx
          .updateTable('api_tokens')
          .set({ revoked_at: at.toISOString() })
          .where('id', '=', args.tokenId)
          .execute();
        // A connected app: its codes, access and refresh tokens go with it.
        if (beforeRow.oauth_grant_id)
          await deleteGrantRecords({ db: trx, grantId: beforeRow.oauth_grant_id });
        const after = toToken(
          await selectTokens(trx).where('t.id', '=', args.tokenId).executeTakeFirstOrThrow(),
        );
        const actor = args.actor ?? {
          userId: before.user_id,
          tokenId: null,
          source: 'console',
          action: 'revokeToken',
        };
        await audit({ trx, actor, before, after, at });
        return after;
      });
      ctx.changes.authChanged();
      return revoked;
    },

    ...tokenUsage(ctx),
    ...oauthGrants({ ctx, audit }),
  };
}

/** The tokens repository's type. */
export type TokensRepository = ReturnType<typeof tokensRepository>;
