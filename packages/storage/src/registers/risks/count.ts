import type { Db } from '../../db/types.js';
import { RISK_STATUSES, type RiskStatus } from '../../enums.js';
import type { FiltersOf } from '../define.js';

type RiskFilters = FiltersOf<'risks'>;

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
 * the register's size. Returns null when a filter other than status or a score range is set, or
 * for archived risks.
 */
export async function countRisksFromTotals(args: {
  db: Db;
  organizationId: string;
  filters: RiskFilters;
}): Promise<number | null> {
  const f = args.filters;
  // risk_counts counts active risks only (migration 025): archived ones need a COUNT.
  if (f.archived) return null;
  const used = Object.entries(f).filter(([key, value]) => value !== undefined && key !== 'archived');
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

/** Risks per status from risk_counts, a 0 for every status without risks. */
export async function riskStatusCounts(args: {
  db: Db;
  organizationId: string;
}): Promise<Record<RiskStatus, number>> {
  const rows = await args.db
    .selectFrom('risk_counts')
    .select(['status', (eb) => eb.fn.sum<string | number>('n').as('n')])
    .where('organization_id', '=', args.organizationId)
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(RISK_STATUSES.map((status) => [status, 0])) as Record<RiskStatus, number>;
  for (const row of rows) {
    if (row.status in counts) counts[row.status as RiskStatus] = Number(row.n);
  }
  return counts;
}

/** How many risks are not CLOSED with a residual score above `threshold`, from risk_counts. */
export async function openRisksAbove(args: {
  db: Db;
  organizationId: string;
  threshold: number;
}): Promise<number> {
  const row = await args.db
    .selectFrom('risk_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('n'), eb.lit(0)).as('total'))
    .where('organization_id', '=', args.organizationId)
    .where('residual_score', '>', args.threshold)
    .where('status', '<>', 'CLOSED')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
