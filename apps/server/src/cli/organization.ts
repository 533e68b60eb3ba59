import type { Storage } from '@comply/storage';
import { ToolError } from '../core/errors.js';

/**
 * The organization a CLI command acts in. The CLI works on the database directly (like
 * `comply seed`), as an operator of the instance: any organization may be named, but it must exist.
 */
export async function cliOrganization(args: {
  storage: Storage;
  organizationId: string;
}): Promise<{ id: string; name: string; updated_at: string }> {
  const organization = await args.storage.organizations.getById({ organizationId: args.organizationId });
  if (!organization) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: 'organization_id',
      message: `No organization with id \`${args.organizationId}\` in this database.`,
    });
  }
  return organization;
}
