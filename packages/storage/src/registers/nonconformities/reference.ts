import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * The next free `NC-<year>-<NNN>` of an organization. The organization row is locked for the
 * rest of the transaction so two concurrent creates cannot pick the same number.
 */
export async function nextReference(args: {
  trx: Transaction<Database>;
  organizationId: string;
  year: string;
}): Promise<string> {
  await args.trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', args.organizationId)
    .forNoKeyUpdate()
    .execute();
  const pattern = `^NC-${args.year}-([0-9]+)$`;
  const row = await args.trx
    .selectFrom('nonconformities')
    .select(sql<number | null>`max(substring(reference from ${pattern})::integer)`.as('last'))
    .where('organization_id', '=', args.organizationId)
    .executeTakeFirst();
  const next = (row?.last ?? 0) + 1;
  return `NC-${args.year}-${String(next).padStart(3, '0')}`;
}
