import { beforeAll, describe, expect, it } from 'vitest';
import { controlReadiness, type ReadinessMeasure, type Storage } from '../src/index.js';
import { DRIVERS, expectInvalid, seedOrganization, testActor, useOrganization } from './helpers.js';

// Issue 25's held-out examples, on each driver: stale and future evidence, an open MAJOR
// nonconformity raised outside any audit, a justified and an unjustified NOT_APPLICABLE measure.
describe.each(DRIVERS)('audit readiness on $name', ({ name }) => {
  const ctx = useOrganization(name, 'Ready');
  const { clock } = ctx;
  let frameworkId: string;
  const actor = testActor(null, 'readiness');

  beforeAll(async () => {
    const framework = await ctx.storage.frameworks.create({
      organizationId: ctx.org,
      actor,
      data: {
        name: 'Annex A',
        controls: ['A.5.1', 'A.8.24', 'A.7.10', 'A.7.14', 'A.8.1', 'A.8.2'].map((code) => ({
          code,
          title: `Control ${code}`,
        })),
      },
    });
    frameworkId = framework.id;
  });

  const ctl = (code: string) => ({ framework_id: frameworkId, control_code: code });
  const addMeasure = (data: Parameters<Storage['measures']['create']>[0]['data']) =>
    ctx.storage.measures.create({ organizationId: ctx.org, actor, data });
  const readiness = () =>
    ctx.storage.reports.auditReadiness({ organizationId: ctx.org, frameworkId, topN: 25 });
  const stateOf = async (code: string) =>
    (await ctx.storage.reports.controlStates({ organizationId: ctx.org, frameworkId })).find(
      (c) => c.code === code,
    );

  it('refuses evidence collected in the future, naming the field, and allows 5 minutes of skew', async () => {
    const future = await addMeasure({
      name: 'Future',
      state: 'IMPLEMENTED',
      evidence: [{ title: 'ok' }, { title: 'From 2030', collected_at: '2030-01-01T00:00:00.000Z' }],
    }).catch((e: unknown) => e);
    expect(future).toMatchObject({ code: 'INVALID_INPUT', field: 'evidence.1.collected_at' });
    expect(String((future as Error).message)).toContain('future');
    const skewed = await addMeasure({
      name: 'Skewed clock',
      evidence: [{ title: 'Four minutes ahead', collected_at: '2026-06-15T12:04:00.000Z' }],
    });
    expect(skewed.evidence[0]?.collected_at).toBe('2026-06-15T12:04:00.000Z');
    const later = await ctx.storage.measures
      .update({
        organizationId: ctx.org,
        actor,
        id: skewed.id,
        patch: { add_evidence: [{ title: 'Six minutes ahead', collected_at: '2026-06-15T12:06:00.000Z' }] },
      })
      .catch((e: unknown) => e);
    expect(later).toMatchObject({ code: 'INVALID_INPUT', field: 'add_evidence.0.collected_at' });
    const backwards = await addMeasure({
      name: 'Backwards',
      evidence: [{ title: 'x', collected_at: '2026-06-01T00:00:00.000Z', valid_until: '2026-05-31' }],
    }).catch((e: unknown) => e);
    expect(backwards).toMatchObject({ code: 'INVALID_INPUT', field: 'evidence.0.valid_until' });
    const names = (await ctx.storage.measures.list({ organizationId: ctx.org })).items.map((m) => m.name);
    expect(names).not.toContain('Future');
    expect(names).not.toContain('Backwards');
  });

  it('refuses review and identification dates in the future; today anywhere on Earth passes', async () => {
    const at = { organizationId: ctx.org, actor };
    await expectInvalid(
      ctx.storage.vendors.create({
        ...at,
        data: { name: 'Reviewed in 2031', last_reviewed_at: '2031-01-01' },
      }),
      'last_reviewed_at',
    );
    const vendor = await ctx.storage.vendors.create({
      ...at,
      data: { name: 'Vendor', last_reviewed_at: '2026-06-16' },
    });
    await expectInvalid(
      ctx.storage.vendors.update({ ...at, id: vendor.id, patch: { last_reviewed_at: '2026-06-17' } }),
      'last_reviewed_at',
    );
    await expectInvalid(
      ctx.storage.assets.create({
        ...at,
        data: { name: 'Laptop', type: 'DEVICE', last_reviewed_at: '2027-01-01' },
      }),
      'last_reviewed_at',
    );
    await expectInvalid(
      ctx.storage.obligations.create({
        ...at,
        data: { title: 'GDPR', source: 'LAW', last_review_date: '2028-02-02' },
      }),
      'last_review_date',
    );
    await expectInvalid(
      ctx.storage.nonconformities.create({
        ...at,
        data: { title: 'Later', severity: 'MINOR', date_identified: '2026-07-01' },
      }),
      'date_identified',
    );
    const nc = await ctx.storage.nonconformities.create({
      ...at,
      data: { title: 'Now', severity: 'MINOR', date_identified: '2026-06-15' },
    });
    await expectInvalid(
      ctx.storage.nonconformities.update({ ...at, id: nc.id, patch: { date_identified: '2029-01-01' } }),
      'date_identified',
    );
    await ctx.storage.nonconformities.update({
      ...at,
      id: nc.id,
      patch: { status: 'CLOSED', root_cause: 'x', corrective_action: 'y' },
    });
  });

  it('treats stale evidence as expired: EVIDENCE_EXPIRED, ready again once fresh evidence is added', async () => {
    const stale = await addMeasure({
      name: 'Stale policy',
      state: 'IMPLEMENTED',
      controls: [ctl('A.5.1')],
      evidence: [{ title: 'Policy 2019', collected_at: '2019-03-01T09:00:00.000Z' }],
    });
    expect(stale.evidence[0]).toMatchObject({ valid_until: '2020-03-01', expired: true });
    expect(await stateOf('A.5.1')).toMatchObject({ state: 'GAP', gap_reasons: ['EVIDENCE_EXPIRED'] });
    const report = await readiness();
    expect(report.gaps.evidence_expired.items.map((m) => m.name)).toEqual(['Stale policy']);
    expect(report.gap_reason_counts.EVIDENCE_EXPIRED).toBe(1);
    // Valid through its last day, expired from the next.
    await ctx.storage.measures.update({
      organizationId: ctx.org,
      actor,
      id: stale.id,
      patch: {
        add_evidence: [
          { title: 'Policy 2026', collected_at: '2026-01-10T09:00:00.000Z', valid_until: '2026-06-15' },
        ],
      },
    });
    expect(await stateOf('A.5.1')).toMatchObject({ state: 'READY', gap_reasons: [] });
    clock.set('2026-06-16T00:00:01.000Z');
    expect(await stateOf('A.5.1')).toMatchObject({ state: 'GAP', gap_reasons: ['EVIDENCE_EXPIRED'] });
    clock.set('2026-06-15T12:00:00.000Z');
  });

  it("derives valid_until from the organization's evidence validity, which can be changed", async () => {
    const measure = await addMeasure({
      name: 'Derived',
      evidence: [{ title: 'Jan', collected_at: '2026-01-31T23:30:00.000Z' }],
    });
    expect(measure.evidence[0]?.valid_until).toBe('2027-01-31');
    const updated = await ctx.storage.organizations.update({
      organizationId: ctx.org,
      userId: ctx.userId,
      actor,
      patch: { evidence_validity_months: 6 },
    });
    expect(updated.evidence_validity_months).toBe(6);
    const again = await ctx.storage.measures.get({ organizationId: ctx.org, id: measure.id });
    expect(again?.evidence[0]).toMatchObject({ valid_until: '2026-07-31', expired: false });
    await ctx.storage.organizations.update({
      organizationId: ctx.org,
      userId: ctx.userId,
      actor,
      patch: { evidence_validity_months: 12 },
    });
  });

  it('makes every control of a measure with an open MAJOR nonconformity not ready, whatever raised it', async () => {
    const encryption = await addMeasure({
      name: 'Disk encryption',
      state: 'IMPLEMENTED',
      controls: [ctl('A.8.24')],
      evidence: [{ title: 'MDM report', collected_at: '2026-05-01T09:00:00.000Z' }],
    });
    expect(await stateOf('A.8.24')).toMatchObject({ state: 'READY' });
    const nc = await ctx.storage.nonconformities.create({
      organizationId: ctx.org,
      actor,
      data: {
        title: 'Laptop found without disk encryption',
        severity: 'MAJOR',
        measure_id: encryption.id,
        due_date: '2026-05-01',
        date_identified: '2026-04-01',
      },
    });
    expect(await stateOf('A.8.24')).toMatchObject({ state: 'GAP', gap_reasons: ['OPEN_NONCONFORMITY'] });
    const report = await readiness();
    expect(report.gaps.open_nonconformities.items).toContainEqual(
      expect.objectContaining({
        id: nc.id,
        severity: 'MAJOR',
        measure_id: encryption.id,
        overdue: true,
        audit_id: null,
      }),
    );
    expect(report.gaps.not_ready_controls.items).toContainEqual(
      expect.objectContaining({ code: 'A.8.24', gap_reasons: ['OPEN_NONCONFORMITY'] }),
    );
    await ctx.storage.nonconformities.update({
      organizationId: ctx.org,
      actor,
      id: nc.id,
      patch: { status: 'CLOSED', root_cause: 'Unmanaged laptop', corrective_action: 'Enrolled in MDM' },
    });
    expect(await stateOf('A.8.24')).toMatchObject({ state: 'READY' });
  });

  it('excludes the controls of a justified NOT_APPLICABLE measure and keeps an unjustified one a gap', async () => {
    const before = await readiness();
    const justified = await addMeasure({
      name: 'Clear desk (no offices)',
      state: 'NOT_APPLICABLE',
      applicability_justification: 'Fully remote company: no premises, desks or screens to clear.',
      controls: [ctl('A.7.10'), ctl('A.7.14')],
    });
    expect(justified.applicability_justification).toContain('Fully remote');
    const unjustified = await addMeasure({
      name: 'Media',
      state: 'NOT_APPLICABLE',
      controls: [ctl('A.8.1')],
    });
    const after = await readiness();
    expect(await stateOf('A.7.10')).toEqual(
      expect.objectContaining({
        state: 'EXCLUDED',
        gap_reasons: [],
        exclusions: [
          {
            measure_id: justified.id,
            measure_name: 'Clear desk (no offices)',
            justification: 'Fully remote company: no premises, desks or screens to clear.',
          },
        ],
      }),
    );
    expect(await stateOf('A.8.1')).toMatchObject({
      state: 'GAP',
      gap_reasons: ['UNJUSTIFIED_NOT_APPLICABLE'],
    });
    expect(after.state_counts.EXCLUDED).toBe(2);
    expect(after.gaps.excluded_controls.items.map((c) => c.code)).toEqual(['A.7.10', 'A.7.14']);
    expect(after.gaps.measures_not_implemented.items.map((m) => m.id)).toContain(unjustified.id);
    expect(after.gaps.measures_not_implemented.items.map((m) => m.id)).not.toContain(justified.id);
    // The denominator lost the two excluded controls: 6 controls, 2 excluded, READY of 4.
    expect(after.readiness_percent).toBe(
      Math.round((after.state_counts.READY / (after.control_count - 2)) * 1000) / 10,
    );
    expect(before.readiness_percent).not.toBe(after.readiness_percent);
    // Justify the last two and make them ready: 100 % is reachable.
    await ctx.storage.measures.update({
      organizationId: ctx.org,
      actor,
      id: unjustified.id,
      patch: { applicability_justification: 'No removable media is issued or accepted.' },
    });
    await addMeasure({
      name: 'Asset inventory',
      state: 'IMPLEMENTED',
      controls: [ctl('A.8.2')],
      evidence: [{ title: 'Inventory export', collected_at: '2026-06-01T09:00:00.000Z' }],
    });
    const full = await readiness();
    expect(full.state_counts).toEqual({ READY: 3, GAP: 0, EXCLUDED: 3 });
    expect(full.readiness_percent).toBe(100);
  });

  it('lists evidence expiring within N days and expired evidence in the compliance report', async () => {
    const other = await seedOrganization(ctx.storage, 'Expiring');
    const at = { organizationId: other.organization.id, actor };
    await ctx.storage.measures.create({
      ...at,
      data: { name: 'Soon', state: 'IMPLEMENTED', evidence: [{ title: 'a', valid_until: '2026-07-01' }] },
    });
    await ctx.storage.measures.create({
      ...at,
      data: { name: 'Later', state: 'IMPLEMENTED', evidence: [{ title: 'b', valid_until: '2026-09-01' }] },
    });
    await ctx.storage.measures.create({
      ...at,
      data: {
        name: 'Renewed',
        state: 'IMPLEMENTED',
        evidence: [
          { title: 'old', collected_at: '2024-01-01T00:00:00.000Z' },
          { title: 'new', valid_until: '2026-12-31' },
        ],
      },
    });
    await ctx.storage.measures.create({
      ...at,
      data: {
        name: 'Lapsed',
        state: 'IMPLEMENTED',
        evidence: [{ title: 'c', collected_at: '2025-01-01T00:00:00.000Z' }],
      },
    });
    const report = await ctx.storage.reports.complianceReport({ organizationId: at.organizationId });
    expect(report.evidence.expiring.items.map((e) => [e.measure_name, e.valid_until])).toEqual([
      ['Soon', '2026-07-01'],
    ]);
    expect(report.evidence.expired.items).toEqual([
      expect.objectContaining({ measure_name: 'Lapsed', evidence_title: 'c', valid_until: '2026-01-01' }),
    ]);
    const wide = await ctx.storage.reports.complianceReport({
      organizationId: at.organizationId,
      evidenceExpiringWithinDays: 90,
    });
    expect(wide.evidence.expiring.items.map((e) => e.measure_name)).toEqual(['Soon', 'Later']);
  });
});

describe('controlReadiness (the one definition)', () => {
  const m = (over: Partial<ReadinessMeasure>): ReadinessMeasure => ({
    id: 'msr_1',
    name: 'M',
    state: 'IMPLEMENTED',
    justification: null,
    evidence: 'CURRENT',
    open_nonconformity: false,
    ...over,
  });

  it('resolves a control with several measures', () => {
    expect(controlReadiness([])).toEqual({ state: 'GAP', gap_reasons: ['NO_MEASURE'], exclusions: [] });
    // A justified exclusion next to a ready measure: the control applies and is ready.
    expect(controlReadiness([m({}), m({ state: 'NOT_APPLICABLE', justification: 'x' })]).state).toBe('READY');
    // A justified exclusion next to an unimplemented measure: the control still applies.
    expect(
      controlReadiness([m({ state: 'NOT_STARTED' }), m({ state: 'NOT_APPLICABLE', justification: 'x' })]),
    ).toMatchObject({ state: 'GAP', gap_reasons: ['NOT_IMPLEMENTED'] });
    // Every IMPLEMENTED measure needs current evidence.
    expect(controlReadiness([m({}), m({ evidence: 'EXPIRED' }), m({ evidence: 'NONE' })])).toMatchObject({
      state: 'GAP',
      gap_reasons: ['NO_EVIDENCE', 'EVIDENCE_EXPIRED'],
    });
    // A blank justification is none.
    expect(controlReadiness([m({ state: 'NOT_APPLICABLE', justification: '  ' })])).toMatchObject({
      state: 'GAP',
      gap_reasons: ['UNJUSTIFIED_NOT_APPLICABLE'],
    });
    // An open nonconformity beats an exclusion.
    expect(
      controlReadiness([m({ state: 'NOT_APPLICABLE', justification: 'x', open_nonconformity: true })]),
    ).toMatchObject({ state: 'GAP', gap_reasons: ['OPEN_NONCONFORMITY'] });
  });
});
