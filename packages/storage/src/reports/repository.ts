import type { Transaction } from 'kysely';
import type { StorageContext } from '../context.js';
import { toDateString } from '../dates.js';
import type { Database } from '../db/types.js';
import { assertFramework } from '../registers/frameworks/control-list.js';
import { buildComplianceReport } from './compliance.js';
import { buildOperatingEffectiveness } from './operating-effectiveness.js';
import { buildAuditReadiness } from './readiness.js';
import { type ControlRow, readinessRows } from './readiness-rows.js';
import type { AuditReadiness, ComplianceReport, ComplianceReportOptions } from './types.js';

/** Runs `fn` in one REPEATABLE READ snapshot, so every number of a report agrees with the others. */
export function inSnapshot<T>(
  ctx: StorageContext,
  fn: (trx: StorageContext['db']) => Promise<T>,
): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx.db as Transaction<Database>);
  return ctx.db.transaction().setIsolationLevel('repeatable read').execute(fn);
}

/** What every report is read with: its snapshot, and the clock read once as today and generated_at. */
interface ReportRead {
  db: StorageContext['db'];
  today: string;
  generatedAt: string;
}

/** Runs `fn` in one snapshot (`inSnapshot`) at the clock's present, read once for the whole report. */
function readReport<T>(ctx: StorageContext, fn: (read: ReportRead) => Promise<T>): Promise<T> {
  const now = ctx.clock();
  return inSnapshot(ctx, (db) => fn({ db, today: toDateString(now), generatedAt: now.toISOString() }));
}

/** The report queries of getComplianceReport and getAuditReadiness, scoped to one organization. */
export function reportsRepository(ctx: StorageContext) {
  return {
    /**
     * The compliance report. "High priority" = residual_score above the threshold and status not
     * CLOSED (a closed risk needs no attention); vendors.review_overdue and never_reviewed list the
     * vendors with those flags (see the vendor mapping: one definition each, ACTIVE only).
     */
    complianceReport: (args: ComplianceReportOptions): Promise<ComplianceReport> =>
      readReport(ctx, (read) =>
        buildComplianceReport({
          ...read,
          organizationId: args.organizationId,
          topN: args.topN ?? 10,
          threshold: args.highPriorityThreshold ?? 15,
          withinDays: args.upcomingWithinDays ?? 90,
          evidenceWithinDays: args.evidenceExpiringWithinDays ?? 30,
        }),
      ),

    /** Audit readiness of one framework; NOT_FOUND on `framework_id` when it is not the organization's. */
    auditReadiness: (args: {
      organizationId: string;
      frameworkId: string;
      topN?: number | undefined;
    }): Promise<AuditReadiness> =>
      readReport(ctx, (read) =>
        buildAuditReadiness({
          ...read,
          organizationId: args.organizationId,
          frameworkId: args.frameworkId,
          topN: args.topN ?? 10,
        }),
      ),

    /**
     * Operating effectiveness of a framework's controls over a period (operating-effectiveness.ts);
     * NOT_FOUND on `framework_id` when it is not the organization's.
     */
    operatingEffectiveness: (args: {
      organizationId: string;
      frameworkId: string;
      periodStart: string;
      periodEnd: string;
    }) =>
      readReport(ctx, (read) =>
        buildOperatingEffectiveness({
          ...read,
          organizationId: args.organizationId,
          frameworkId: args.frameworkId,
          start: args.periodStart,
          end: args.periodEnd,
        }),
      ),

    /**
     * Every control's readiness state in document order (control-readiness.ts), for readers that
     * show each control (the OSCAL assessment results); getAuditReadiness counts the same rows.
     */
    controlStates: (args: { organizationId: string; frameworkId: string }): Promise<ControlRow[]> =>
      readReport(ctx, async ({ db, today }) => {
        await assertFramework({ db, ...args });
        const { controls } = await readinessRows({ db, ...args, today });
        return controls;
      }),
  };
}

/** The reports repository's type. */
export type ReportsRepository = ReturnType<typeof reportsRepository>;
