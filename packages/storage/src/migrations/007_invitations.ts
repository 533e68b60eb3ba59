import { sql } from 'kysely';
import { ROLES } from '../enums.js';
import { type Migration, oneOf, run } from './types.js';

/**
 * Member invitations: single-use, expiring, stored as the secret's hash only. Membership starts
 * when the invitee redeems the code (setting their own password) or, with an account, accepts it.
 */
export const invitations: Migration = {
  version: 7,
  name: 'invitations',
  up: async (trx) => {
    await run(trx, [
      sql`create table invitations (
        id text primary key,
        organization_id text not null references organizations (id),
        email text not null,
        role text not null check (role in ${oneOf(ROLES)}),
        secret_hash text not null constraint invitations_secret_hash_key unique,
        invited_by text references users (id),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        accepted_at timestamptz,
        accepted_by text references users (id),
        revoked_at timestamptz)`,
      sql`create index invitations_organization_idx on invitations (organization_id, lower(email))`,
    ]);
  },
};
