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

/**
 * What an AUDITOR does not see of the organization's activity: people, invitations, settings,
 * webhooks and tokens are the organization's own business, not audit evidence.
 */
const AUDITOR_HIDDEN = [
  'invitation',
  'membership',
  'organization',
  'user',
  'api_token',
  'webhook_endpoint',
  'webhook_delivery',
];

/** The activity record types a member with `role` may not see. */
export function hiddenRecordTypes(role: Role): string[] {
  if (role === 'AUDITOR') return AUDITOR_HIDDEN;
  return seesInvitations(role) ? [] : ['invitation'];
}

/** Whether a member with `role` may see which tokens made the changes (everyone but an auditor). */
export function seesTokens(role: Role): boolean {
  return role !== 'AUDITOR';
}
