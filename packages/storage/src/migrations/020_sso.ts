import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * OpenID Connect sign-in: an account is linked to one (issuer, subject) pair, the identity the
 * provider vouches for. A just-in-time account made by SSO has no usable password
 * (`password_hash` is `!`, which no scrypt check accepts) until it sets one by password reset.
 */
export const sso: Migration = {
  version: 20,
  name: 'sso',
  up: async (trx) => {
    await run(trx, [
      sql`alter table users add column sso_issuer text`,
      sql`alter table users add column sso_subject text`,
      sql`create unique index users_sso_key on users (sso_issuer, sso_subject) where sso_subject is not null`,
    ]);
  },
};
