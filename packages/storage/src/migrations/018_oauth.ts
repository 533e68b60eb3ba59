import { sql } from 'kysely';
import { type Migration, oneOf, run } from './types.js';

/** The kinds of api_tokens rows: API tokens pasted into a client, and OAuth grants (connected apps). */
export const TOKEN_KINDS = ['api', 'oauth'] as const;

/**
 * OAuth for the MCP endpoint. A consented grant is an `api_tokens` row of kind `oauth` (its scope,
 * organization restriction, usage, revocation and audit work like a token's); the authorization
 * server's own records (clients, codes, access and refresh tokens, interactions) live in
 * `oauth_records`, keyed by model and id, as the library's adapter contract asks.
 */
export const oauth: Migration = {
  version: 18,
  name: 'oauth',
  up: async (trx) => {
    await run(trx, [
      sql`alter table api_tokens add column kind text not null default 'api' check (kind in ${oneOf(TOKEN_KINDS)})`,
      sql`alter table api_tokens add column oauth_grant_id text`,
      sql`alter table api_tokens add column oauth_client_id text`,
      sql`create unique index api_tokens_oauth_grant_idx on api_tokens (oauth_grant_id) where oauth_grant_id is not null`,
      sql`create table oauth_records (
        model text not null,
        id text not null,
        payload jsonb not null,
        grant_id text,
        uid text,
        expires_at timestamptz,
        consumed_at timestamptz,
        primary key (model, id))`,
      sql`create index oauth_records_grant_idx on oauth_records (grant_id) where grant_id is not null`,
      sql`create index oauth_records_uid_idx on oauth_records (uid) where uid is not null`,
      sql`create index oauth_records_expiry_idx on oauth_records (expires_at) where expires_at is not null`,
    ]);
  },
};
