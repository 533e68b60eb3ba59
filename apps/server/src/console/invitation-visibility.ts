import type { Role } from '@comply/storage';

/**
 * The one rule for invitation data (invitee email, role, inviter, expiry): only these roles see
 * it, in the invitation list and in the activity log alike.
 */
export const INVITATION_ROLES: readonly Role[] = ['OWNER'];

/** Whether a member with `role` may see the organization's invitations. */
export function seesInvitations(role: Role): boolean {
  return INVITATION_ROLES.includes(role);
}

/** The activity record types a member with `role` may not see. */
export function hiddenRecordTypes(role: Role): string[] {
  return seesInvitations(role) ? [] : ['invitation'];
}
