import { type ToolName, tools } from '@comply/schemas';
import type { Caller, Role } from './caller.js';
import { ToolError } from './errors.js';

/*
 * Writes a member makes about themself only (docs/server.md, "Self-attestation"), declared in
 * their spec (`self_attestation: true`): acknowledging a policy is an employee's attestation, so
 * every member of the organization's own people makes it, a VIEWER included, and with a
 * read-only API token. The tool takes no member: it records the caller. An AUDITOR is outside the
 * organization's policies and attests nothing; a connected app granted read-only access does not
 * attest for its user.
 */

const ATTESTING_ROLES: ReadonlySet<Role> = new Set<Role>(['OWNER', 'ADMIN', 'EDITOR', 'VIEWER']);

/** Whether `name` is a self-attestation write. */
export function isSelfAttestation(name: string): boolean {
  return Object.hasOwn(tools, name) && tools[name as ToolName].selfAttestation === true;
}

/** Whether the role attests for itself (every role but AUDITOR). */
export function roleCanAttest(role: Role): boolean {
  return ATTESTING_ROLES.has(role);
}

/** Whether the token's scope allows a self-attestation: read-write, or a read-only API token. */
export function scopeCanAttest(caller: Caller): boolean {
  return caller.scope === 'WRITE' || !caller.viaOAuth;
}

/** Refuses a self-attestation the caller may not make: an AUDITOR, or a read-only connected app. */
export function checkSelfAttestation({
  caller,
  name,
  role,
}: {
  caller: Caller;
  name: string;
  role: Role | undefined;
}): void {
  if (!scopeCanAttest(caller)) {
    throw new ToolError({
      code: 'FORBIDDEN',
      message: `\`${name}\` records your own attestation, and this app was granted read-only access. Reconnect it with read-write access.`,
    });
  }
  if (!role || !roleCanAttest(role)) {
    throw new ToolError({
      code: 'FORBIDDEN',
      message: `\`${name}\` is an attestation by the organization's own members; your role in this organization (${role}) makes none.`,
    });
  }
}
