import { type RegisterTable, registers } from '@comply/schemas/registers';
import type { StorageContext } from './context.js';

// A Map, not an object literal: a prefix such as `constructor` or `toString` must not find an
// inherited Object.prototype member.
const TABLE_BY_PREFIX: ReadonlyMap<string, RegisterTable> = new Map(
  Object.values(registers).map((r) => [r.idPrefix, r.table]),
);

/**
 * The organization a register record belongs to, if it is one of `organizationIds`; otherwise
 * null — for get/update tools called without organization_id. Unknown prefixes are null too.
 */
export function locator(ctx: StorageContext) {
  return async (args: { id: string; organizationIds: readonly string[] }): Promise<string | null> => {
    const prefix = args.id.slice(0, args.id.indexOf('_'));
    const table = TABLE_BY_PREFIX.get(prefix);
    if (!table || args.organizationIds.length === 0) return null;
    const row = await ctx.db
      .selectFrom(table)
      .select('organization_id')
      .where('id', '=', args.id)
      .where('organization_id', 'in', [...args.organizationIds])
      .executeTakeFirst();
    return row?.organization_id ?? null;
  };
}
