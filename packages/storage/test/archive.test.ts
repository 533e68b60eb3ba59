import { registerNames, registers } from '@comply/schemas/registers';
import { beforeAll, describe, expect, it } from 'vitest';
import { StorageError } from '../src/index.js';
import { DRIVERS, testActor, useStorage } from './helpers.js';
import { buildReportFixture, type ReportFixture } from './reports-fixture.js';

describe.each(DRIVERS)('archive and restore on $name', ({ name }) => {
  const ctx = useStorage(name);
  const { clock } = ctx;
  let f: ReportFixture;
  const actor = testActor(null, 'archiveRecord');

  beforeAll(async () => {
    f = await buildReportFixture(ctx.storage);
  });

  const report = async () => {
    const { generated_at: _at, ...rest } = await ctx.storage.reports.complianceReport({
      organizationId: f.org,
      topN: 50,
    });
    return rest;
  };
  const readiness = async () => {
    const { generated_at: _at, ...rest } = await ctx.storage.reports.auditReadiness({
      organizationId: f.org,
      frameworkId: f.iso.id,
      topN: 50,
    });
    return rest;
  };
  const control = async (code: string) =>
    (await ctx.storage.reports.controlStates({ organizationId: f.org, frameworkId: f.iso.id })).find(
      (c) => c.code === code,
    );
  const archive = (register: 'risks' | 'vendors' | 'measures', id: string, archived = true) =>
    ctx.storage[register].archive({ organizationId: f.org, actor, id, archived });

  it('declares archive on every register but frameworks', () => {
    expect(registerNames.filter((r) => registers[r].archive)).toEqual(
      registerNames.filter((r) => r !== 'frameworks'),
    );
  });

  it('takes an archived record out of lists, counts, reports and readiness; restore brings it back', async () => {
    const countsBefore = await ctx.storage.organizations.counts({ organizationId: f.org });
    const reportBefore = await report();
    const readinessBefore = await readiness();
    expect((await control('A.5.1'))?.state).toBe('READY');
    const risksBefore = await ctx.storage.risks.list({ organizationId: f.org });

    clock.set('2026-06-15T13:00:00.000Z');
    const risk = await archive('risks', f.risks.ransomware.id);
    expect(risk.archived_at).toBe('2026-06-15T13:00:00.000Z');
    expect(risk.updated_at).toBe('2026-06-15T13:00:00.000Z');
    await archive('vendors', f.vendors.alpha.id);
    // The access policy is the only IMPLEMENTED measure on A.5.1: archived, the control is a gap.
    await archive('measures', f.measures.access.id);

    // Lists: gone by default, there with archived: true; total_count agrees (risk_counts too).
    const risks = await ctx.storage.risks.list({ organizationId: f.org });
    expect(risks.items.map((r) => r.id)).not.toContain(f.risks.ransomware.id);
    expect(risks.total_count).toBe(risksBefore.total_count - 1);
    const statusOnly = await ctx.storage.risks.list({ organizationId: f.org, filters: { status: ['OPEN'] } });
    expect(statusOnly.items.map((r) => r.id)).not.toContain(f.risks.ransomware.id);
    expect(statusOnly.total_count).toBe(statusOnly.items.length);
    const archived = await ctx.storage.risks.list({ organizationId: f.org, filters: { archived: true } });
    expect(archived.items.map((r) => r.id)).toEqual([f.risks.ransomware.id]);
    expect(archived.total_count).toBe(1);
    const archivedOpen = await ctx.storage.risks.list({
      organizationId: f.org,
      filters: { archived: true, status: ['OPEN'] },
    });
    expect(archivedOpen.total_count).toBe(1);
    expect(
      (await ctx.storage.vendors.list({ organizationId: f.org, filters: { query: 'Alpha' } })).items,
    ).toEqual([]);

    // Still readable by id, with archived_at.
    expect(
      (await ctx.storage.risks.get({ organizationId: f.org, id: f.risks.ransomware.id }))?.archived_at,
    ).toBe('2026-06-15T13:00:00.000Z');

    // Organization counts and the compliance report.
    const counts = await ctx.storage.organizations.counts({ organizationId: f.org });
    expect(counts.risks).toBe(countsBefore.risks - 1);
    expect(counts.vendors).toBe(countsBefore.vendors - 1);
    expect(counts.measures).toBe(countsBefore.measures - 1);
    expect(counts.obligations).toBe(countsBefore.obligations);
    const after = await report();
    expect(after.risks.total).toBe(reportBefore.risks.total - 1);
    expect(after.risks.by_status.OPEN).toBe(reportBefore.risks.by_status.OPEN - 1);
    expect(after.risks.high_priority.items.map((r) => r.id)).not.toContain(f.risks.ransomware.id);
    expect(after.risks.high_priority.count).toBe(reportBefore.risks.high_priority.count - 1);
    expect(after.vendors.total_active).toBe(reportBefore.vendors.total_active - 1);
    expect(after.vendors.never_reviewed.items.map((v) => v.id)).not.toContain(f.vendors.alpha.id);
    expect(after.measures.total).toBe(reportBefore.measures.total - 1);
    expect(after.measures.by_state.IMPLEMENTED).toBe(reportBefore.measures.by_state.IMPLEMENTED - 1);
    // A risk linked to the archived measure is no longer mitigated by it.
    const leakRisk = await ctx.storage.risks.get({ organizationId: f.org, id: f.risks.ransomware.id });
    expect(leakRisk?.mitigation.measures_total).toBe(0);

    // Readiness and coverage: A.5.1 lost its only IMPLEMENTED measure.
    expect((await control('A.5.1'))?.state).toBe('GAP');
    const ready = await readiness();
    // A.5.1 and A.5.10, both READY through the access policy alone.
    expect(ready.state_counts.READY).toBe(readinessBefore.state_counts.READY - 2);
    const iso = after.frameworks.find((fw) => fw.id === f.iso.id)!;
    const isoBefore = reportBefore.frameworks.find((fw) => fw.id === f.iso.id)!;
    expect(iso.covered_control_count).toBeLessThan(isoBefore.covered_control_count);

    // The audit log has the archive with the record before and after.
    const log = await ctx.storage.auditLog.list({
      organizationId: f.org,
      filters: { record_id: f.risks.ransomware.id },
    });
    const entry = log.items[0]!;
    expect(entry.action).toBe('archiveRecord');
    expect((entry.before as { archived_at: unknown }).archived_at).toBeNull();
    expect((entry.after as { archived_at: unknown }).archived_at).toBe('2026-06-15T13:00:00.000Z');

    // Archiving again changes nothing and writes no audit entry.
    clock.set('2026-06-15T14:00:00.000Z');
    expect((await archive('risks', f.risks.ransomware.id)).archived_at).toBe('2026-06-15T13:00:00.000Z');
    expect(
      (
        await ctx.storage.auditLog.list({
          organizationId: f.org,
          filters: { record_id: f.risks.ransomware.id },
        })
      ).total_count,
    ).toBe(log.total_count);

    // Restore: every number as it was.
    const restored = await archive('risks', f.risks.ransomware.id, false);
    expect(restored.archived_at).toBeNull();
    expect(restored.updated_at).toBe('2026-06-15T14:00:00.000Z');
    await archive('vendors', f.vendors.alpha.id, false);
    await archive('measures', f.measures.access.id, false);
    expect(await ctx.storage.organizations.counts({ organizationId: f.org })).toEqual(countsBefore);
    expect(await report()).toEqual(reportBefore);
    expect(await readiness()).toEqual(readinessBefore);
    expect((await ctx.storage.risks.list({ organizationId: f.org })).total_count).toBe(
      risksBefore.total_count,
    );
  });

  it('answers NOT_FOUND for a record of another organization and changes nothing there', async () => {
    const foreign = (await ctx.storage.risks.list({ organizationId: f.other })).items[0]!;
    const error = await ctx.storage.risks
      .archive({ organizationId: f.org, actor, id: foreign.id, archived: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('NOT_FOUND');
    expect(
      (await ctx.storage.risks.get({ organizationId: f.other, id: foreign.id }))?.archived_at,
    ).toBeNull();
  });

  it('archives a record of every archivable register and keeps its links and evidence', async () => {
    const measure = (archived: boolean) =>
      ctx.storage.measures.archive({ organizationId: f.org, actor, id: f.measures.access.id, archived });
    const access = await measure(true);
    expect(access.evidence).toHaveLength(2);
    expect(access.controls).toHaveLength(2);
    const back = await measure(false);
    expect(back.evidence).toEqual(access.evidence);
    expect(back.controls).toEqual(access.controls);
    for (const register of registerNames.filter((r) => registers[r].archive)) {
      const first = (await ctx.storage[register].list({ organizationId: f.org } as never)).items[0] as
        | { id: string }
        | undefined;
      if (!first) continue;
      const repo = ctx.storage[register] as unknown as typeof ctx.storage.risks;
      expect(
        (await repo.archive({ organizationId: f.org, actor, id: first.id, archived: true })).archived_at,
      ).not.toBeNull();
      const listed = await ctx.storage[register].list({
        organizationId: f.org,
        filters: { archived: true },
      } as never);
      expect((listed.items as { id: string }[]).map((r) => r.id)).toContain(first.id);
      await repo.archive({ organizationId: f.org, actor, id: first.id, archived: false });
    }
  });
});
