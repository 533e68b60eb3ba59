import type { StorageContext } from './context.js';

const TABLE_BY_PREFIX = {
  risk: 'risks',
  vnd: 'vendors',
  msr: 'measures',
  obl: 'obligations',
  nc: 'nonconformities',
  aud: 'audits',
  fw: 'frameworks',
} as const;

/**
 * The organization a register record belongs to, if it is one of `organizationIds`; otherwise
 * null — for get/update tools called without organization_id. Unknown prefixes are null too.
 */
export function locator(ctx: StorageContext) {
  return async (args: { id: string; organizationIds: readonly string[] }): Promise<string | null> => {
    const prefix = args.id.slice(0, args.id.indexOf('_'));
    const table = TABLE_BY_PREFIX[prefix as keyof typeof TABLE_BY_PREFIX];
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
