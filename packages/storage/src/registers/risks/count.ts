import type { Db } from '../../db/types.js';
import type { RiskFilters } from './types.js';

// Filters the risk_counts table can answer; any other filter needs a COUNT over risks.
const COUNTABLE = new Set([
  'status',
  'min_residual_score',
  'max_residual_score',
  'min_inherent_score',
  'max_inherent_score',
]);

/**
 * listRisks' total_count from the trigger-maintained risk_counts table: exact, and independent of
 * the register's size. Returns null when a filter other than status or a score range is set.
 */
export async function countRisksFromTotals(args: {
  db: Db;
  organizationId: string;
  filters: RiskFilters;
}): Promise<number | null> {
  const f = args.filters;
  const used = Object.entries(f).filter(([, value]) => value !== undefined);
  if (used.some(([key]) => !COUNTABLE.has(key))) return null;
  let query = args.db
    .selectFrom('risk_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('n'), eb.lit(0)).as('total'))
    .where('organization_id', '=', args.organizationId);
  if (f.status?.length) query = query.where('status', 'in', f.status);
  if (f.min_residual_score !== undefined) query = query.where('residual_score', '>=', f.min_residual_score);
  if (f.max_residual_score !== undefined) query = query.where('residual_score', '<=', f.max_residual_score);
  if (f.min_inherent_score !== undefined) query = query.where('inherent_score', '>=', f.min_inherent_score);
  if (f.max_inherent_score !== undefined) query = query.where('inherent_score', '<=', f.max_inherent_score);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}
