import { beforeAll, describe, expect, it } from 'vitest';
import { StorageError } from '../src/index.js';
import { DRIVERS, seedOrganization, useStorage } from './helpers.js';
import { buildReportFixture, type ReportFixture } from './reports-fixture.js';

describe.each(DRIVERS)('reports on $name', ({ name }) => {
  const ctx = useStorage(name);
  const { clock } = ctx;
  let f: ReportFixture;

  beforeAll(async () => {
    f = await buildReportFixture(ctx.storage);
  });

  it('counts every register and caps each list at top_n with the number omitted', async () => {
    const report = await ctx.storage.reports.complianceReport({ organizationId: f.org });
    expect(report.organization_id).toBe(f.org);
    expect(report.generated_at).toBe('2026-06-15T12:00:00.000Z');
    expect(report.risks.total).toBe(6);
    expect(report.risks.by_status).toEqual({ OPEN: 3, IN_TREATMENT: 1, ACCEPTED: 1, CLOSED: 1 });
    // The fixture's ACCEPTED risk was written without an acceptance record: it is reported as one.
    expect(report.risks.acceptance_expired).toEqual({
      count: 1,
      omitted: 0,
      items: [
        { id: f.risks.outage.id, name: 'Vendor outage', owner: null, residual_score: 20, expires_on: null },
      ],
    });
    expect(report.risks.high_priority).toEqual({
      count: 3,
      omitted: 0,
      items: [
        {
          id: f.risks.ransomware.id,
          name: 'Ransomware',
          status: 'OPEN',
          residual_score: 25,
          mitigation_status: 'MITIGATED',
          owner: null,
        },
        {
          id: f.risks.outage.id,
          name: 'Vendor outage',
          status: 'ACCEPTED',
          residual_score: 20,
          mitigation_status: 'UNMITIGATED',
          owner: null,
        },
        {
          id: f.risks.leak.id,
          name: 'Data leak',
          status: 'IN_TREATMENT',
          residual_score: 16,
          // Its one measure is IN_PROGRESS: not mitigated yet.
          mitigation_status: 'PLANNED',
          owner: 'CISO',
        },
      ],
    });
    expect(report.measures).toEqual({
      total: 7,
      by_state: { NOT_STARTED: 2, IN_PROGRESS: 1, IMPLEMENTED: 3, NOT_APPLICABLE: 1 },
      implemented_percent: 42.9,
    });
    expect(report.obligations.total).toBe(5);
    expect(report.obligations.by_status).toEqual({ NON_COMPLIANT: 3, PARTIALLY_COMPLIANT: 1, COMPLIANT: 1 });
    expect(report.obligations.overdue).toEqual({
      count: 2,
      omitted: 0,
      items: [
        {
          id: f.obligations.dpa.id,
          title: 'DPA',
          status: 'PARTIALLY_COMPLIANT',
          due_date: '2026-05-01',
          owner: null,
        },
        {
          id: f.obligations.records.id,
          title: 'Records of processing',
          status: 'NON_COMPLIANT',
          due_date: '2026-06-01',
          owner: 'DPO',
        },
      ],
    });
    expect(report.vendors.total_active).toBe(5);
    expect(report.vendors.review_overdue).toEqual({
      count: 2,
      omitted: 0,
      items: [
        {
          id: f.vendors.zeta.id,
          name: 'Zeta',
          risk_tier: 'CRITICAL',
          last_reviewed_at: '2025-03-01',
          next_review_due: '2025-08-28',
        },
        {
          id: f.vendors.gamma.id,
          name: 'Gamma',
          risk_tier: 'HIGH',
          last_reviewed_at: '2025-01-01',
          next_review_due: '2026-01-01',
        },
      ],
    });
    expect(report.vendors.never_reviewed.items.map((v) => v.id)).toEqual([
      f.vendors.alpha.id,
      f.vendors.beta.id,
    ]);
    expect(report.vendors.never_reviewed).toMatchObject({ count: 2, omitted: 0 });
    expect(report.nonconformities.open_by_severity).toEqual({ MAJOR: 2, MINOR: 0, OBSERVATION: 1 });
    expect(report.nonconformities.overdue.count).toBe(2);
    expect(report.nonconformities.overdue.items).toEqual([
      {
        id: f.nonconformities.nc4.id,
        reference: f.nonconformities.nc4.reference,
        title: 'No audit',
        severity: 'MAJOR',
        due_date: '2026-06-01',
      },
      {
        id: f.nonconformities.nc1.id,
        reference: f.nonconformities.nc1.reference,
        title: 'Unreviewed access',
        severity: 'MAJOR',
        due_date: '2026-06-10',
      },
    ]);
    expect(report.audits.upcoming).toEqual({
      count: 2,
      omitted: 0,
      items: [
        {
          id: f.audits.surveillance.id,
          name: 'Surveillance',
          kind: 'EXTERNAL',
          state: 'PLANNED',
          start_date: '2026-07-01',
        },
        {
          id: f.audits.pentest.id,
          name: 'Pentest',
          kind: 'INTERNAL',
          state: 'IN_PROGRESS',
          start_date: '2026-09-01',
        },
      ],
    });
    expect(report.assets).toEqual({
      total: 3,
      by_classification: { PUBLIC: 0, INTERNAL: 1, CONFIDENTIAL: 0, RESTRICTED: 2 },
      review_overdue: 1,
      never_reviewed: 1,
    });
    expect(report.frameworks).toEqual([
      { id: f.gdpr.id, name: 'GDPR', control_count: 2, covered_control_count: 0, coverage_percent: 0 },
      { id: f.iso.id, name: 'ISO 27001', control_count: 5, covered_control_count: 3, coverage_percent: 60 },
    ]);
  });

  it('counts review_overdue and never_reviewed vendors exactly as the vendor filters do', async () => {
    const report = await ctx.storage.reports.complianceReport({ organizationId: f.org });
    for (const flag of ['review_overdue', 'never_reviewed'] as const) {
      const listed = await ctx.storage.vendors.list({
        organizationId: f.org,
        filters: { [flag]: true },
        pageSize: 100,
      });
      expect(report.vendors[flag].count, flag).toBe(listed.total_count);
      expect(report.vendors[flag].items.map((v) => v.id).sort(), flag).toEqual(
        listed.items.map((v) => v.id).sort(),
      );
      expect(listed.items.every((v) => v[flag])).toBe(true);
    }
  });

  it('applies the threshold, the upcoming window and top_n', async () => {
    const report = await ctx.storage.reports.complianceReport({
      organizationId: f.org,
      highPriorityThreshold: 19,
      upcomingWithinDays: 365,
      topN: 1,
    });
    expect(report.risks.high_priority).toMatchObject({ count: 2, omitted: 1 });
    expect(report.risks.high_priority.items.map((r) => r.id)).toEqual([f.risks.ransomware.id]);
    expect(report.audits.upcoming).toMatchObject({ count: 3, omitted: 2 });
    expect(report.audits.upcoming.items.map((a) => a.id)).toEqual([f.audits.surveillance.id]);
    expect(report.obligations.overdue).toMatchObject({ count: 2, omitted: 1 });
    expect(report.obligations.overdue.items.map((o) => o.id)).toEqual([f.obligations.dpa.id]);
    expect(report.vendors.review_overdue).toMatchObject({ count: 2, omitted: 1 });
    expect(report.vendors.never_reviewed.items.map((v) => v.id)).toEqual([f.vendors.alpha.id]);
    expect(report.nonconformities.overdue).toMatchObject({ count: 2, omitted: 1 });
  });

  it('follows the clock: tomorrow the obligation due today is overdue', async () => {
    clock.set('2026-06-16T08:00:00.000Z');
    try {
      const report = await ctx.storage.reports.complianceReport({ organizationId: f.org, topN: 50 });
      expect(report.obligations.overdue.count).toBe(3);
      expect(report.obligations.overdue.items.map((o) => o.title)).toContain('Due today');
    } finally {
      clock.set('2026-06-15T12:00:00.000Z');
    }
  });

  it("never shows another organization's records", async () => {
    const report = await ctx.storage.reports.complianceReport({ organizationId: f.other, topN: 50 });
    expect(report.risks.total).toBe(1);
    expect(report.measures.total).toBe(1);
    expect(report.obligations.overdue.count).toBe(1);
    expect(report.vendors.never_reviewed.count).toBe(1);
    expect(report.nonconformities.overdue.count).toBe(1);
    expect(report.audits.upcoming.count).toBe(1);
    expect(report.assets.by_classification).toEqual({
      PUBLIC: 1,
      INTERNAL: 0,
      CONFIDENTIAL: 0,
      RESTRICTED: 0,
    });
    expect(report.frameworks.map((fw) => fw.id)).toEqual([f.foreignFramework.id]);
    const ours = JSON.stringify(
      await ctx.storage.reports.complianceReport({ organizationId: f.org, topN: 50 }),
    );
    expect(ours).not.toContain('Foreign');
  });

  it('reports zeros for an empty organization', async () => {
    const empty = (await seedOrganization(ctx.storage, 'Empty')).organization.id;
    const report = await ctx.storage.reports.complianceReport({ organizationId: empty });
    expect(report.risks).toEqual({
      total: 0,
      by_status: { OPEN: 0, IN_TREATMENT: 0, ACCEPTED: 0, CLOSED: 0 },
      high_priority: { count: 0, items: [], omitted: 0 },
      acceptance_expired: { count: 0, items: [], omitted: 0 },
    });
    expect(report.measures.implemented_percent).toBe(0);
    expect(report.vendors.total_active).toBe(0);
    expect(report.assets).toEqual({
      total: 0,
      by_classification: { PUBLIC: 0, INTERNAL: 0, CONFIDENTIAL: 0, RESTRICTED: 0 },
      review_overdue: 0,
      never_reviewed: 0,
    });
    expect(report.frameworks).toEqual([]);
  });

  it('checks audit readiness: counts per status and family, then the gaps', async () => {
    const readiness = await ctx.storage.reports.auditReadiness({
      organizationId: f.org,
      frameworkId: f.iso.id,
    });
    const { backups, logging, training, disposal } = f.measures;
    expect(readiness.framework).toEqual({ id: f.iso.id, name: 'ISO 27001', version: '2022' });
    expect(readiness.generated_at).toBe('2026-06-15T12:00:00.000Z');
    expect(readiness.readiness_percent).toBe(40);
    expect(readiness.control_count).toBe(5);
    expect(readiness.state_counts).toEqual({ READY: 2, GAP: 3, EXCLUDED: 0 });
    expect(readiness.gap_reason_counts).toEqual({
      NO_MEASURE: 1,
      NOT_IMPLEMENTED: 0,
      UNJUSTIFIED_NOT_APPLICABLE: 1,
      NO_EVIDENCE: 1,
      EVIDENCE_EXPIRED: 0,
      OPEN_NONCONFORMITY: 0,
    });
    expect(readiness.covered_via_mapping_count).toBe(0);
    expect(readiness.families).toEqual({
      count: 1,
      omitted: 0,
      items: [
        {
          family: null,
          control_count: 5,
          ready_count: 2,
          no_measure_count: 1,
          excluded_count: 0,
          readiness_percent: 40,
        },
      ],
    });
    const gap = (x: { id: string; name: string }, codes: string[]) => ({
      id: x.id,
      name: x.name,
      control_count: codes.length,
      control_codes: codes,
    });
    const control = (code: string, gap_reasons: string[]) => ({
      code,
      title: `Control ${code}`,
      family: null,
      gap_reasons,
    });
    expect(readiness.gaps).toEqual({
      not_ready_controls: {
        count: 3,
        omitted: 0,
        items: [
          control('A.8.2', ['UNJUSTIFIED_NOT_APPLICABLE']),
          control('A.5.2', ['NO_EVIDENCE']),
          control('A.8.1', ['NO_MEASURE']),
        ],
      },
      excluded_controls: { count: 0, omitted: 0, items: [] },
      controls_without_measures: {
        count: 1,
        omitted: 0,
        items: [{ code: 'A.8.1', title: 'Control A.8.1', family: null, covered_via_mapping: false }],
      },
      measures_not_implemented: {
        count: 3,
        omitted: 0,
        items: [
          { ...gap(logging, ['A.5.2']), state: 'IN_PROGRESS' },
          { ...gap(disposal, ['A.8.2']), state: 'NOT_APPLICABLE' },
          { ...gap(training, ['A.5.10']), state: 'NOT_STARTED' },
        ],
      },
      implemented_without_evidence: { count: 1, omitted: 0, items: [gap(backups, ['A.5.2'])] },
      evidence_expired: { count: 0, omitted: 0, items: [] },
      open_nonconformities: {
        count: 2,
        omitted: 0,
        items: [
          {
            id: f.nonconformities.nc1.id,
            reference: f.nonconformities.nc1.reference,
            title: 'Unreviewed access',
            severity: 'MAJOR',
            audit_id: f.audits.internal.id,
            measure_id: null,
            overdue: true,
          },
          {
            id: f.nonconformities.nc3.id,
            reference: f.nonconformities.nc3.reference,
            title: 'Naming',
            severity: 'OBSERVATION',
            audit_id: f.audits.internal.id,
            measure_id: null,
            overdue: false,
          },
        ],
      },
    });
  });

  it('caps each gap list at top_n and says how many were left out', async () => {
    const readiness = await ctx.storage.reports.auditReadiness({
      organizationId: f.org,
      frameworkId: f.iso.id,
      topN: 1,
    });
    expect(readiness.gaps.measures_not_implemented).toMatchObject({ count: 3, omitted: 2 });
    expect(readiness.gaps.measures_not_implemented.items).toHaveLength(1);
    expect(readiness.gaps.open_nonconformities).toMatchObject({ count: 2, omitted: 1 });
  });

  it('reports a framework with no measures as 0% ready', async () => {
    const readiness = await ctx.storage.reports.auditReadiness({
      organizationId: f.org,
      frameworkId: f.gdpr.id,
    });
    expect(readiness.readiness_percent).toBe(0);
    expect(readiness.gap_reason_counts.NO_MEASURE).toBe(2);
    expect(readiness.gaps.controls_without_measures.items.map((c) => c.code)).toEqual(['Art. 5', 'Art. 32']);
    expect(readiness.gaps.measures_not_implemented).toEqual({ count: 0, omitted: 0, items: [] });
    expect(readiness.gaps.open_nonconformities.count).toBe(0);
  });

  it("answers NOT_FOUND on framework_id for a missing or another organization's framework", async () => {
    for (const frameworkId of [f.foreignFramework.id, 'fw_01JD3W5Q8Z6X4V2T0R9P7N5M3K']) {
      const error = await ctx.storage.reports
        .auditReadiness({ organizationId: f.org, frameworkId })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect(error).toMatchObject({ code: 'NOT_FOUND', field: 'framework_id' });
    }
  });
});
