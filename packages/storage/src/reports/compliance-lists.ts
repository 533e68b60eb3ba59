import { sql } from 'kysely';
import { addDays } from '../dates.js';
import type { Db } from '../db/types.js';
import type { MitigationStatus, RiskStatus } from '../enums.js';
import { upcomingSql } from '../registers/audits.js';
import { ncOverdueSql } from '../registers/nonconformities.js';
import { obligationOverdueSql } from '../registers/obligations.js';
import { openRisksAbove } from '../registers/risks/count.js';
import { mitigationStatusSql } from '../registers/risks.js';
import { neverReviewedSql, reviewOverdueSql } from '../registers/vendors.js';
import { capped } from './aggregate.js';
import type {
  CappedList,
  HighPriorityRisk,
  OverdueNonconformity,
  OverdueObligation,
  UpcomingAudit,
  VendorReviewItem,
} from './types.js';

/** What every capped list query needs. */
export interface ListScope {
  db: Db;
  organizationId: string;
  today: string;
  topN: number;
}

type Count = { count: string | number | bigint };
const countAll = sql<string>`count(*)`.as('count');
const toCount = (row: Count | undefined) => Number(row?.count ?? 0);

/**
 * Non-closed risks above the threshold, highest residual score first. The count comes from
 * risk_counts; the list walks risks_high_priority_idx (migration 011) and stops after top_n.
 */
export async function highPriorityRisks(
  args: ListScope & { threshold: number },
): Promise<CappedList<HighPriorityRisk>> {
  const base = args.db
    .selectFrom('risks')
    .where('risks.organization_id', '=', args.organizationId)
    .where('risks.archived_at', 'is', null)
    .where('risks.residual_score', '>', args.threshold)
    .where('risks.status', '<>', 'CLOSED');
  const [count, rows] = await Promise.all([
    openRisksAbove(args),
    base
      .select(['risks.id', 'risks.name', 'risks.status', 'risks.residual_score', 'risks.owner'])
      .select(mitigationStatusSql.as('mitigation_status'))
      .orderBy('risks.residual_score', 'desc')
      .orderBy('risks.id')
      .limit(args.topN)
      .execute(),
  ]);
  const items = rows.map((row) => ({
    ...row,
    status: row.status as RiskStatus,
    mitigation_status: row.mitigation_status as MitigationStatus,
  }));
  return capped({ count, items });
}

/** Overdue obligations, oldest due date first. */
export async function overdueObligations(args: ListScope): Promise<CappedList<OverdueObligation>> {
  const base = args.db
    .selectFrom('obligations')
    .where('obligations.organization_id', '=', args.organizationId)
    .where('obligations.archived_at', 'is', null)
    .where(obligationOverdueSql(args.today));
  const [count, rows] = await Promise.all([
    base.select(countAll).executeTakeFirst(),
    base
      .select(['id', 'title', 'status', 'due_date', 'owner'])
      .orderBy('due_date')
      .orderBy('id')
      .limit(args.topN)
      .execute(),
  ]);
  return capped({ count: toCount(count), items: rows as OverdueObligation[] });
}

const TIER_RANK = sql`case vendors.risk_tier when 'CRITICAL' then 0 when 'HIGH' then 1 when 'MEDIUM' then 2 else 3 end`;

/**
 * Vendors needing a review, highest risk tier first: `neverReviewed` picks those never_reviewed,
 * otherwise those review_overdue — the very flags and filters of the vendor records.
 */
export async function vendorsToReview(
  args: ListScope & { neverReviewed: boolean },
): Promise<CappedList<VendorReviewItem>> {
  const base = args.db
    .selectFrom('vendors')
    .where('vendors.organization_id', '=', args.organizationId)
    .where('vendors.archived_at', 'is', null)
    .where(args.neverReviewed ? neverReviewedSql() : reviewOverdueSql(args.today));
  const [count, rows] = await Promise.all([
    base.select(countAll).executeTakeFirst(),
    base
      .select(['id', 'name', 'risk_tier', 'last_reviewed_at', 'next_review_due'])
      .orderBy(TIER_RANK)
      .orderBy('next_review_due')
      .orderBy(sql`lower(vendors.name)`)
      .orderBy('id')
      .limit(args.topN)
      .execute(),
  ]);
  return capped({ count: toCount(count), items: rows as VendorReviewItem[] });
}

/** Overdue nonconformities, oldest due date first. */
export async function overdueNonconformities(args: ListScope): Promise<CappedList<OverdueNonconformity>> {
  const base = args.db
    .selectFrom('nonconformities')
    .where('nonconformities.organization_id', '=', args.organizationId)
    .where('nonconformities.archived_at', 'is', null)
    .where(ncOverdueSql(args.today));
  const [count, rows] = await Promise.all([
    base.select(countAll).executeTakeFirst(),
    base
      .select(['id', 'reference', 'title', 'severity', 'due_date'])
      .orderBy('due_date')
      .orderBy('id')
      .limit(args.topN)
      .execute(),
  ]);
  return capped({ count: toCount(count), items: rows as OverdueNonconformity[] });
}

/** Upcoming audits starting within `withinDays`, soonest first. */
export async function upcomingAudits(
  args: ListScope & { withinDays: number },
): Promise<CappedList<UpcomingAudit>> {
  const base = args.db
    .selectFrom('audits')
    .where('audits.organization_id', '=', args.organizationId)
    .where('audits.archived_at', 'is', null)
    .where(upcomingSql(args.today))
    .where('audits.start_date', '<=', addDays({ date: args.today, days: args.withinDays }));
  const [count, rows] = await Promise.all([
    base.select(countAll).executeTakeFirst(),
    base
      .select(['id', 'name', 'kind', 'state', 'start_date'])
      .orderBy('start_date')
      .orderBy('id')
      .limit(args.topN)
      .execute(),
  ]);
  return capped({ count: toCount(count), items: rows as UpcomingAudit[] });
}
