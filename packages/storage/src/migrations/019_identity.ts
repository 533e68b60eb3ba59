import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * A second factor and account recovery. A user's TOTP secret is kept encrypted (AES-256-GCM with
 * the key in `settings.identity_key`) and never read back to a client after enrolment; recovery
 * codes and password-reset tokens only as SHA-256 hashes. A session signed in with a password whose
 * account has TOTP starts `pending_factor` and serves nothing but the code step until it is cleared.
 * An organization's OWNER may require a second factor of its members (`require_totp`).
 */
export const identity: Migration = {
  version: 19,
  name: 'identity',
  up: async (trx) => {
    await run(trx, [
      sql`alter table users add column totp_secret text`,
      sql`alter table users add column totp_pending_secret text`,
      sql`alter table users add column totp_enabled_at timestamptz`,
      sql`alter table users add column totp_last_step bigint`,
      sql`create table user_recovery_codes (
        user_id text not null references users (id),
        code_hash text not null,
        created_at timestamptz not null,
        used_at timestamptz,
        primary key (user_id, code_hash))`,
      sql`create table password_resets (
        id text primary key,
        user_id text not null references users (id),
        token_hash text not null constraint password_resets_token_hash_key unique,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz)`,
      sql`create index password_resets_user_idx on password_resets (user_id, created_at)`,
      sql`alter table organizations add column require_totp boolean not null default false`,
      sql`alter table console_sessions add column pending_factor boolean not null default false`,
      sql`insert into settings (key, value) values ('identity_key', ${randomBytes(32).toString('hex')})`,
    ]);
  },
};
