import type { Db } from '../db/types.js';
import { MEASURE_STATES, NC_SEVERITIES, OBLIGATION_STATUSES } from '../enums.js';
import { selectFrameworks } from '../registers/frameworks/mapping.js';
import { expiredAcceptances } from '../registers/risks/acceptances.js';
import { riskStatusCounts } from '../registers/risks/count.js';
import { countBy, percent, total } from './aggregate.js';
import { assetSummary } from './assets.js';
import {
  highPriorityRisks,
  type ListScope,
  overdueNonconformities,
  overdueObligations,
  upcomingAudits,
  vendorsToReview,
} from './compliance-lists.js';
import { documentSummary } from './documents.js';
import { evidenceDue } from './evidence-due.js';
import type { ComplianceReport, FrameworkCoverage } from './types.js';

async function frameworkCoverage(args: { db: Db; organizationId: string }): Promise<FrameworkCoverage[]> {
  const rows = await selectFrameworks(args.db)
    .where('frameworks.organization_id', '=', args.organizationId)
    .orderBy((eb) => eb.fn('lower', ['frameworks.name']))
    .orderBy('frameworks.id')
    .execute();
  return rows.map((row) => {
    const controls = Number(row.control_count);
    const covered = Number(row.covered_control_count);
    return {
      id: row.id,
      name: row.name,
      control_count: controls,
      covered_control_count: covered,
      coverage_percent: percent({ part: covered, whole: controls }),
    };
  });
}

async function activeVendorCount(args: { db: Db; organizationId: string }): Promise<number> {
  const row = await args.db
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', args.organizationId)
    .where('status', '=', 'ACTIVE')
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * getComplianceReport over one database handle; every number is a SQL aggregate and every list
 * a LIMITed query, so the cost does not grow with what is left out.
 */
export async function buildComplianceReport(
  args: ListScope & {
    threshold: number;
    withinDays: number;
    evidenceWithinDays: number;
    generatedAt: string;
  },
): Promise<ComplianceReport> {
  const { db, organizationId } = args;
  const scope = { db, organizationId };
  const [
    risksByStatus,
    highPriority,
    acceptanceExpired,
    measuresByState,
    obligationsByStatus,
    obligationsOverdue,
  ] = await Promise.all([
    riskStatusCounts(scope),
    highPriorityRisks(args),
    expiredAcceptances(args),
    countBy({ ...scope, table: 'measures', column: 'state', keys: MEASURE_STATES }),
    countBy({ ...scope, table: 'obligations', column: 'status', keys: OBLIGATION_STATUSES }),
    overdueObligations(args),
  ]);
  const [
    activeVendors,
    reviewOverdue,
    neverReviewed,
    openBySeverity,
    ncOverdue,
    upcoming,
    frameworks,
    assets,
    evidence,
    documents,
  ] = await Promise.all([
    activeVendorCount(scope),
    vendorsToReview({ ...args, neverReviewed: false }),
    vendorsToReview({ ...args, neverReviewed: true }),
    countBy({
      ...scope,
      table: 'nonconformities',
      column: 'severity',
      keys: NC_SEVERITIES,
      openOnly: true,
    }),
    overdueNonconformities(args),
    upcomingAudits(args),
    frameworkCoverage(scope),
    assetSummary({ ...scope, today: args.today }),
    evidenceDue({ ...args, withinDays: args.evidenceWithinDays }),
    documentSummary({ ...scope, today: args.today }),
  ]);
  const measureTotal = total(measuresByState);
  return {
    organization_id: organizationId,
    generated_at: args.generatedAt,
    risks: {
      total: total(risksByStatus),
      by_status: risksByStatus,
      high_priority: highPriority,
      acceptance_expired: acceptanceExpired,
    },
    measures: {
      total: measureTotal,
      by_state: measuresByState,
      implemented_percent: percent({ part: measuresByState.IMPLEMENTED, whole: measureTotal }),
    },
    obligations: {
      total: total(obligationsByStatus),
      by_status: obligationsByStatus,
      overdue: obligationsOverdue,
    },
    vendors: { total_active: activeVendors, review_overdue: reviewOverdue, never_reviewed: neverReviewed },
    nonconformities: { open_by_severity: openBySeverity, overdue: ncOverdue },
    audits: { upcoming },
    assets,
    evidence,
    frameworks,
    documents,
  };
}
