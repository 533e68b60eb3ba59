import type { StorageContext } from '../context.js';
import type { Database } from '../db/types.js';
import { ID_PREFIXES } from '../ids.js';

const REGISTER_TABLES = {
  [ID_PREFIXES.risk]: 'risks',
  [ID_PREFIXES.vendor]: 'vendors',
  [ID_PREFIXES.measure]: 'measures',
  [ID_PREFIXES.obligation]: 'obligations',
  [ID_PREFIXES.nonconformity]: 'nonconformities',
  [ID_PREFIXES.audit]: 'audits',
  [ID_PREFIXES.framework]: 'frameworks',
} as const satisfies Record<string, keyof Database>;

/**
 * Finds which of the given organizations holds a register record, from its id prefix; undefined when
 * the id is unknown, malformed or belongs to any other organization (no leak either way).
 */
export function recordLocator(ctx: StorageContext) {
  return async (args: { id: string; organizationIds: string[] }): Promise<string | undefined> => {
    const prefix = args.id.slice(0, args.id.indexOf('_')) as keyof typeof REGISTER_TABLES;
    const table = Object.hasOwn(REGISTER_TABLES, prefix) ? REGISTER_TABLES[prefix] : undefined;
    if (!table || args.organizationIds.length === 0) return undefined;
    const row = await ctx.db
      .selectFrom(table)
      .select('organization_id')
      .where('id', '=', args.id)
      .where('organization_id', 'in', args.organizationIds)
      .executeTakeFirst();
    return row?.organization_id;
  };
}
