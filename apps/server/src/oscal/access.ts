import type { Caller } from '../core/caller.js';
import { roleCanWrite } from '../core/caller.js';
import { ToolError } from '../core/errors.js';

/**
 * The organization an OSCAL request acts in, checked like a tool call: an organization the token
 * cannot reach is NOT_FOUND; a write needs a read-write token and a role that may change records.
 */
export function oscalOrganization(args: {
  caller: Caller;
  organizationId: string | undefined;
  write: boolean;
}): string {
  const { caller, organizationId } = args;
  if (!organizationId) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'organization_id',
      message: 'Pass `organization_id` as a query parameter (an id from listOrganizations).',
    });
  }
  const role = caller.organizations.get(organizationId);
  if (!role) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: 'organization_id',
      message: `Organization \`${organizationId}\` was not found among the organizations this token can access.`,
    });
  }
  if (args.write && caller.scope !== 'WRITE') {
    throw new ToolError({
      code: 'FORBIDDEN',
      message: 'Importing changes records, and this token is read-only.',
    });
  }
  if (args.write && !roleCanWrite(role)) {
    throw new ToolError({
      code: 'FORBIDDEN',
      message: `Importing changes records, and your role in this organization (${role}) may only read.`,
    });
  }
  return organizationId;
}
