import { createHash } from 'node:crypto';
import { type Insertable, sql, type Transaction } from 'kysely';
import { toIsoOrNull, toIsoTimestamp } from '../dates.js';
import type { Database, Db } from '../db/types.js';
import type { TokenScope } from '../enums.js';
import { newId } from '../ids.js';
import { tokenExpiryFor } from './auditor-tokens.js';
import type { ApiToken } from './token-types.js';

/** sha256 hex: right for ≥32 random bytes (a slow hash protects guessable passwords, not these). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

const restrictionIds = sql<
  string[]
>`(select coalesce(jsonb_agg(o.organization_id order by o.organization_id), '[]'::jsonb)
  from api_token_organizations o where o.token_id = t.id)`;

/** Selects tokens (as `t`) with their organization restriction. */
export function selectTokens(db: Db) {
  return db
    .selectFrom('api_tokens as t')
    .select([
      't.id',
      't.user_id',
      't.name',
      't.prefix',
      't.scope',
      't.org_restricted',
      't.expires_at',
      't.revoked_at',
      't.created_at',
      't.last_used_at',
      't.last_used_ip',
      't.last_used_client',
      't.kind',
      't.oauth_grant_id',
      't.oauth_client_id',
      restrictionIds.as('organization_ids'),
    ]);
}

/** A row of selectTokens. */
export type TokenRow = Awaited<ReturnType<ReturnType<typeof selectTokens>['executeTakeFirstOrThrow']>>;

/** A token row in listing shape. */
export function toToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope as TokenScope,
    organization_ids: row.org_restricted ? row.organization_ids : null,
    expires_at: toIsoOrNull(row.expires_at),
    revoked_at: toIsoOrNull(row.revoked_at),
    created_at: toIsoTimestamp(row.created_at),
    last_used_at: toIsoOrNull(row.last_used_at),
    last_used_ip: row.last_used_ip,
    last_used_client: row.last_used_client,
  };
}

/** The columns that tell one kind of new token from another: its name, secret and origin. */
type TokenColumns = Pick<
  Insertable<Database['api_tokens']>,
  'name' | 'prefix' | 'secret_hash' | 'kind' | 'oauth_grant_id' | 'oauth_client_id'
>;

/**
 * Inserts a token of `userId` made at `at`, restricted to `organizationIds` unless that is null,
 * ending when `tokenExpiryFor` says (the end asked for, or an auditor's end of access), and
 * returns it as read back.
 */
export async function insertToken(args: {
  trx: Transaction<Database>;
  at: Date;
  userId: string;
  scope: TokenScope;
  expiresAt: string | null;
  organizationIds: string[] | null;
  columns: TokenColumns;
}): Promise<ApiToken> {
  const { trx, organizationIds } = args;
  const expiresAt = await tokenExpiryFor({
    db: trx,
    userId: args.userId,
    organizationIds,
    scope: args.scope,
    expiresAt: args.expiresAt,
    now: args.at,
  });
  const id = newId('token', args.at.getTime());
  await trx
    .insertInto('api_tokens')
    .values({
      id,
      user_id: args.userId,
      ...args.columns,
      scope: args.scope,
      org_restricted: organizationIds !== null,
      expires_at: expiresAt,
      created_at: args.at.toISOString(),
    })
    .execute();
  if (organizationIds) {
    await trx
      .insertInto('api_token_organizations')
      .values(
        [...new Set(organizationIds)].map((organizationId) => ({
          token_id: id,
          organization_id: organizationId,
        })),
      )
      .execute();
  }
  return toToken(await selectTokens(trx).where('t.id', '=', id).executeTakeFirstOrThrow());
}
