import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ROLES, TOKEN_SCOPES } from '../enums.js';
import { type Migration, oneOf, run } from './types.js';

/** Settings, accounts, tokens, sessions, idempotency keys. */
export const accounts: Migration = {
  version: 1,
  name: 'accounts',
  up: async (trx) => {
    await run(trx, [
      sql`create table settings (key text primary key, value text not null)`,
      sql`create table organizations (
        id text primary key,
        name text not null constraint organizations_name_check check (char_length(name) between 1 and 200),
        description text,
        created_at timestamptz not null,
        updated_at timestamptz not null)`,
      sql`create index organizations_name_idx on organizations (lower(name), id)`,
      sql`create table users (
        id text primary key,
        email text not null,
        name text,
        password_hash text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null)`,
      sql`create unique index users_email_key on users (lower(email))`,
      sql`create table memberships (
        id text primary key,
        organization_id text not null references organizations (id),
        user_id text not null references users (id),
        role text not null check (role in ${oneOf(ROLES)}),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint memberships_user_id_key unique (organization_id, user_id))`,
      sql`create index memberships_user_idx on memberships (user_id)`,
      sql`create table api_tokens (
        id text primary key,
        user_id text not null references users (id),
        name text not null constraint api_tokens_name_check check (char_length(name) between 1 and 200),
        prefix text not null,
        secret_hash text not null constraint api_tokens_secret_hash_key unique,
        scope text not null check (scope in ${oneOf(TOKEN_SCOPES)}),
        org_restricted boolean not null default false,
        expires_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz not null,
        last_used_at timestamptz,
        last_used_ip text,
        last_used_client text,
        recent_tools jsonb not null default '[]'::jsonb)`,
      sql`create index api_tokens_user_idx on api_tokens (user_id, created_at)`,
      sql`create table api_token_organizations (
        token_id text not null references api_tokens (id),
        organization_id text not null references organizations (id),
        primary key (token_id, organization_id))`,
      sql`create table api_token_usage (
        token_id text not null references api_tokens (id),
        hour timestamptz not null,
        calls integer not null,
        primary key (token_id, hour))`,
      sql`create table console_sessions (
        id text primary key,
        secret_hash text not null constraint console_sessions_secret_hash_key unique,
        user_id text not null references users (id),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz)`,
      sql`create table idempotency_keys (
        organization_id text not null references organizations (id),
        register text not null,
        key text not null,
        record_id text not null,
        created_at timestamptz not null,
        primary key (organization_id, register, key))`,
      // Shared by every instance: a cursor signed by one is accepted by all.
      sql`insert into settings (key, value) values ('cursor_secret', ${randomBytes(32).toString('hex')})`,
    ]);
  },
};
