import type { Db } from '../db/types.js';
import type { CappedList } from './types.js';

type CountedTable = 'risks' | 'measures' | 'obligations' | 'nonconformities' | 'assets';

/** `part / whole × 100` with one decimal; 0 when `whole` is 0. */
export function percent(args: { part: number; whole: number }): number {
  return args.whole === 0 ? 0 : Math.round((args.part / args.whole) * 1000) / 10;
}

/** A capped list from its full count and its first items. */
export function capped<T>(args: { count: number; items: T[] }): CappedList<T> {
  return { count: args.count, items: args.items, omitted: Math.max(0, args.count - args.items.length) };
}

/**
 * Counts an organization's active (not archived) rows per value of an enum column (one GROUP BY), with a 0 for
 * every value of `keys` that has no row.
 */
export async function countBy<K extends string>(args: {
  db: Db;
  table: CountedTable;
  column: 'status' | 'state' | 'severity' | 'classification';
  keys: readonly K[];
  organizationId: string;
  openOnly?: boolean;
}): Promise<Record<K, number>> {
  let query = args.db
    .selectFrom(args.table)
    .select((eb) => [eb.ref(args.column).as('key'), eb.fn.countAll<string | number>().as('count')])
    .where('organization_id', '=', args.organizationId)
    .where('archived_at', 'is', null)
    .groupBy(args.column);
  // Only nonconformities have an "open" notion: status other than CLOSED.
  if (args.openOnly) query = query.where('status', '<>', 'CLOSED');
  const rows = await query.execute();
  const counts = Object.fromEntries(args.keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of rows) counts[row.key as K] = Number(row.count);
  return counts;
}

/** The sum of a counts record. */
export function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}
