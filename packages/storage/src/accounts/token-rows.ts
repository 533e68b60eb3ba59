import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { toIsoOrNull, toIsoTimestamp } from '../dates.js';
import type { Db } from '../db/types.js';
import type { TokenScope } from '../enums.js';
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
