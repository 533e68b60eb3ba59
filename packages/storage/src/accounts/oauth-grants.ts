import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { appendAudit } from '../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import type { Database, Db } from '../db/types.js';
import type { TokenScope } from '../enums.js';
import { hashSecret, insertToken, selectTokens, toToken } from './token-rows.js';
import type { ApiToken } from './token-types.js';

/** Appends the audit entry of a token row's change (the tokens repository's `audit`). */
export type TokenAudit = (args: {
  trx: Parameters<typeof appendAudit>[0]['trx'];
  actor: Actor;
  before: ApiToken | null;
  after: ApiToken;
  at: Date;
}) => Promise<unknown>;

/** Deletes the authorization server's records of a grant (codes, access and refresh tokens, the grant). */
export async function deleteGrantRecords({
  db,
  grantId,
}: {
  db: Db | Transaction<Database>;
  grantId: string;
}) {
  await db.deleteFrom('oauth_records').where('grant_id', '=', grantId).execute();
  await db.deleteFrom('oauth_records').where('model', '=', 'Grant').where('id', '=', grantId).execute();
}

/**
 * Connected apps: an OAuth grant the user consented to is an `api_tokens` row of kind `oauth`, with
 * the scope and organizations chosen on the consent screen. Its secret is random and never shown:
 * the app authenticates with the authorization server's access tokens, which name the grant.
 */
export function oauthGrants({ ctx, audit }: { ctx: StorageContext; audit: TokenAudit }) {
  return {
    /** The connected app of an OAuth grant, revoked or not; null when the grant has none. */
    getByGrant: async (args: { grantId: string }): Promise<ApiToken | null> => {
      const row = await selectTokens(ctx.db)
        .where('t.oauth_grant_id', '=', args.grantId)
        .where('t.kind', '=', 'oauth')
        .executeTakeFirst();
      return row ? toToken(row) : null;
    },

    /** Records a consented grant for `userId`; `organizationIds` must be a non-empty subset of theirs. */
    createGrant: (args: {
      userId: string;
      grantId: string;
      clientId: string;
      clientName: string;
      scope: TokenScope;
      organizationIds: string[];
    }): Promise<ApiToken> =>
      inTransaction(ctx.db, async (trx) => {
        const chosen = [...new Set(args.organizationIds)];
        const at = ctx.clock();
        // The same rule as an API token: the user's organizations, and an auditor's read-only,
        // for that organization alone, ending with the access.
        const token = await insertToken({
          trx,
          at,
          userId: args.userId,
          scope: args.scope,
          expiresAt: null,
          organizationIds: chosen,
          columns: {
            name: args.clientName.slice(0, 200),
            prefix: 'oauth',
            secret_hash: hashSecret(randomBytes(32).toString('base64url')),
            kind: 'oauth',
            oauth_grant_id: args.grantId,
            oauth_client_id: args.clientId,
          },
        });
        const actor: Actor = { userId: args.userId, tokenId: null, source: 'console', action: 'connectApp' };
        await audit({ trx, actor, before: null, after: token, at });
        return token;
      }),
  };
}
