import { sql } from 'kysely';
import { ROLES } from '../enums.js';
import { type Migration, oneOf, run } from './types.js';

/**
 * The AUDITOR role (docs/identity.md, "Auditor access"): read-only access to one organization
 * that ends. `memberships.expires_at` is when it ends, set for an AUDITOR and only for one;
 * `invitations.access_expires_at` is the end the invitation grants (its own `expires_at` is when
 * the code stops working). Both role CHECKs are rebuilt from the enum, which now has AUDITOR.
 */
export const auditorAccess: Migration = {
  version: 30,
  name: 'auditor_access',
  up: async (trx) => {
    await run(trx, [
      sql`alter table memberships drop constraint memberships_role_check`,
      sql`alter table memberships add constraint memberships_role_check check (role in ${oneOf(ROLES)})`,
      sql`alter table memberships add column expires_at timestamptz`,
      sql`alter table memberships add constraint memberships_expiry_check
        check ((role = 'AUDITOR') = (expires_at is not null))`,
      sql`alter table invitations drop constraint invitations_role_check`,
      sql`alter table invitations add constraint invitations_role_check check (role in ${oneOf(ROLES)})`,
      sql`alter table invitations add column access_expires_at timestamptz`,
      sql`alter table invitations add constraint invitations_access_expiry_check
        check ((role = 'AUDITOR') = (access_expires_at is not null))`,
    ]);
  },
};
