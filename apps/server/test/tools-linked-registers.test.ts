import { describe, expect, it } from 'vitest';
import { DRIVERS } from './harness.js';
import { useMemberClient } from './member-client.js';

// Risks, measures and frameworks link to each other; their filters and computed fields, over REST.
describe.each(DRIVERS)('risks, measures and frameworks (%s)', (driver) => {
  const as = useMemberClient(driver);

  it('links measures to framework controls and risks, and computes coverage and mitigation', async () => {
    const framework = await as.ok('addFramework', {
      name: 'ISO 27001',
      controls: [
        { code: 'A.5.1', title: 'Policies' },
        { code: 'A.8.1', title: 'Assets' },
      ],
    });
    expect(framework).toMatchObject({ control_count: 2, covered_control_count: 0 });
    const risk = await as.ok('addRisk', { name: 'Ransomware', inherent_likelihood: 4, inherent_impact: 5 });
    expect(risk).toMatchObject({
      inherent_score: 20,
      residual_score: 20,
      mitigation: { status: 'UNMITIGATED' },
    });

    const measure = await as.ok('addMeasure', {
      name: 'Backups',
      state: 'IMPLEMENTED',
      evidence: [{ title: 'Restore test', url: 'https://example.test/restore' }],
      controls: [{ framework_id: framework.id, control_code: 'A.8.1' }],
      risk_ids: [risk.id],
    });
    expect(measure.evidence).toEqual([
      expect.objectContaining({ title: 'Restore test', id: expect.any(String) }),
    ]);
    expect((await as.ok('getRisk', { id: risk.id })).mitigation).toEqual({
      status: 'MITIGATED',
      measures_total: 1,
      measures_implemented: 1,
    });
    const covered = await as.ok('getFramework', { id: framework.id });
    expect(covered.covered_control_count).toBe(1);
    const { controls } = await as.ok('listFrameworkControls', { framework_id: framework.id, covered: true });
    expect(controls.map((c: { code: string; measure_ids: string[] }) => [c.code, c.measure_ids])).toEqual([
      ['A.8.1', [measure.id]],
    ]);

    const updated = await as.ok('updateMeasure', {
      id: measure.id,
      add_evidence: [{ title: 'Second test' }],
    });
    expect(updated.evidence.map((e: { title: string }) => e.title)).toEqual(['Restore test', 'Second test']);
    expect(updated.risk_ids).toEqual([risk.id]);
  });

  it('refuses links to unknown measures, risks, frameworks or control codes, naming the field', async () => {
    const framework = await as.ok('addFramework', { name: 'SOC 2', controls: [{ code: 'CC1', title: 'x' }] });
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'addRisk',
        { name: 'x', inherent_likelihood: 1, inherent_impact: 1, measure_ids: ['msr_X'] },
        'measure_ids',
      ],
      ['addMeasure', { name: 'x', risk_ids: ['risk_X'] }, 'risk_ids'],
      [
        'addMeasure',
        { name: 'x', controls: [{ framework_id: 'fw_X', control_code: 'CC1' }] },
        'controls.0.framework_id',
      ],
      [
        'addMeasure',
        { name: 'x', controls: [{ framework_id: framework.id, control_code: 'CC9' }] },
        'controls.0.control_code',
      ],
      ['listMeasures', { control_code: 'CC1' }, 'control_code'],
      [
        'addFramework',
        {
          name: 'x',
          controls: [
            { code: 'A', title: 'a' },
            { code: 'A', title: 'b' },
          ],
        },
        'controls',
      ],
    ];
    for (const [tool, input, field] of cases) {
      const result = await as.call(tool, input);
      expect(result.status, `${tool} ${field}`).toBe(400);
      expect(result.body.error).toMatchObject({ code: 'INVALID_INPUT', field });
    }
  });

  it('refuses contradictory risks and nonconformities over REST, naming the field and what is allowed', async () => {
    const risk = await as.ok('addRisk', {
      name: 'Inv risk',
      inherent_likelihood: 3,
      inherent_impact: 3,
      treatment: 'TRANSFER',
    });
    const nc = await as.ok('addNonconformity', { title: 'Inv NC', severity: 'MAJOR' });
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      [
        'addRisk',
        { name: 'x', inherent_likelihood: 2, inherent_impact: 2, status: 'ACCEPTED', treatment: 'ACCEPT' },
        'status',
        /only through an acceptance record\. Call acceptRisk/,
      ],
      [
        'addRisk',
        { name: 'x', inherent_likelihood: 2, inherent_impact: 2, status: 'CLOSED', treatment: 'ACCEPT' },
        'treatment',
        /only through an acceptance record.*Call acceptRisk/,
      ],
      [
        'addRisk',
        { name: 'x', inherent_likelihood: 1, inherent_impact: 2, residual_impact: 5 },
        'residual_impact',
        /must not exceed/,
      ],
      ['updateRisk', { id: risk.id, status: 'ACCEPTED' }, 'status', /Call acceptRisk/],
      ['updateRisk', { id: risk.id, treatment: 'ACCEPT', status: 'CLOSED' }, 'treatment', /Call acceptRisk/],
      [
        'updateRisk',
        { id: risk.id, inherent_likelihood: 1, residual_likelihood: 2 },
        'residual_likelihood',
        /inherent score/,
      ],
      ['addNonconformity', { title: 'x', severity: 'MINOR', status: 'CLOSED' }, 'root_cause', /CLOSED/],
      [
        'updateNonconformity',
        { id: nc.id, status: 'CLOSED', root_cause: 'Cause' },
        'corrective_action',
        /CLOSED/,
      ],
    ];
    for (const [tool, input, field, message] of cases) {
      const result = await as.call(tool, input);
      expect(result.status, `${tool} ${field}`).toBe(400);
      expect(result.body.error).toMatchObject({
        code: 'INVALID_INPUT',
        field,
        message: expect.stringMatching(message),
      });
    }
    expect(await as.ok('getRisk', { id: risk.id })).toMatchObject({
      status: 'OPEN',
      treatment: 'TRANSFER',
      inherent_score: 9,
    });
  });

  it('filters and orders risks on the server', async () => {
    const add = (input: Record<string, unknown>) =>
      as.ok('addRisk', { inherent_likelihood: 1, inherent_impact: 1, ...input });
    const high = await add({
      name: 'Flt high',
      inherent_likelihood: 5,
      inherent_impact: 4,
      category: 'IT',
      owner: 'Alice',
    });
    const closed = await add({ name: 'Flt closed', review_date: '2001-01-01' });
    await as.ok('acceptRisk', { risk_id: closed.id, rationale: 'Negligible.', expires_on: '2099-12-31' });
    const treated = await add({
      name: 'Flt treated',
      inherent_likelihood: 4,
      inherent_impact: 4,
      residual_likelihood: 2,
    });
    const measure = await as.ok('addMeasure', { name: 'Flt measure', risk_ids: [treated.id] });
    const ids = (input: Record<string, unknown>) => as.ids('listRisks', { query: 'Flt ', ...input });

    expect(await ids({})).toEqual([high.id, treated.id, closed.id]);
    expect(await ids({ order_by: { field: 'name' } })).toEqual([closed.id, high.id, treated.id]);
    expect(await ids({ min_residual_score: 16 })).toEqual([high.id]);
    expect(await ids({ max_residual_score: 8, min_inherent_score: 16 })).toEqual([treated.id]);
    expect(await ids({ status: ['CLOSED', 'ACCEPTED'] })).toEqual([closed.id]);
    expect(await ids({ treatment: ['ACCEPT'] })).toEqual([closed.id]);
    expect(await ids({ category: 'it', owner: 'ALICE' })).toEqual([high.id]);
    expect(await ids({ has_mitigation: true })).toEqual([treated.id]);
    expect(await ids({ has_mitigation: false })).toEqual([high.id, closed.id]);
    expect(await ids({ measure_id: measure.id })).toEqual([treated.id]);
    // Its one measure is NOT_STARTED: planned, not partially mitigated.
    expect(await ids({ mitigation_status: ['PLANNED'] })).toEqual([treated.id]);
    expect(await ids({ mitigation_status: ['PARTIALLY_MITIGATED'] })).toEqual([]);
    expect(await ids({ review_before: '2002-01-01' })).toEqual([closed.id]);

    const unlinked = await as.ok('updateRisk', { id: treated.id, measure_ids: [], description: 'no longer' });
    expect(unlinked).toMatchObject({
      measure_ids: [],
      mitigation: { status: 'UNMITIGATED' },
      residual_score: 8,
    });
    const cleared = await as.ok('updateRisk', { id: high.id, category: null, owner: null });
    expect(cleared).toMatchObject({ category: null, owner: null, name: 'Flt high' });
  });

  it('filters measures by state, framework control, risk and evidence', async () => {
    const fw = await as.ok('addFramework', { name: 'M framework', controls: [{ code: 'M1', title: 'm' }] });
    const risk = await as.ok('addRisk', { name: 'M risk', inherent_likelihood: 2, inherent_impact: 2 });
    const done = await as.ok('addMeasure', {
      name: 'Msr done',
      state: 'IMPLEMENTED',
      evidence: [{ title: 'proof' }],
      controls: [{ framework_id: fw.id, control_code: 'M1' }],
    });
    const todo = await as.ok('addMeasure', { name: 'Msr todo', category: 'Ops', risk_ids: [risk.id] });
    const ids = (input: Record<string, unknown>) => as.ids('listMeasures', { query: 'Msr ', ...input });

    expect(await ids({})).toEqual([done.id, todo.id]);
    expect(await ids({ state: ['NOT_STARTED'] })).toEqual([todo.id]);
    expect(await ids({ has_evidence: true })).toEqual([done.id]);
    expect(await ids({ framework_id: fw.id, control_code: 'M1' })).toEqual([done.id]);
    expect(await ids({ risk_id: risk.id })).toEqual([todo.id]);
    expect(await ids({ category: 'ops' })).toEqual([todo.id]);
    expect(await ids({ order_by: { field: 'name', direction: 'desc' } })).toEqual([todo.id, done.id]);
  });

  it('lists frameworks without controls and upserts controls by code on update', async () => {
    const fw = await as.ok('addFramework', { name: 'NIS2', controls: [{ code: 'N1', title: 'Old' }] });
    const updated = await as.ok('updateFramework', {
      id: fw.id,
      controls: [
        { code: 'N1', title: 'New', description: 'Renamed' },
        { code: 'N2', title: 'Added' },
      ],
    });
    expect(updated.control_count).toBe(2);
    const { controls } = await as.ok('listFrameworkControls', { framework_id: fw.id });
    expect(
      controls.map((c: { code: string; title: string; statement: string | null }) => [
        c.code,
        c.title,
        c.statement,
      ]),
    ).toEqual([
      ['N1', 'New', 'Renamed'],
      ['N2', 'Added', null],
    ]);
    const listed = await as.ok('listFrameworks', { query: 'nis' });
    expect(listed.total_count).toBe(1);
    expect(listed.frameworks[0]).toMatchObject({ id: fw.id, control_count: 2 });
    expect(listed.frameworks[0]).not.toHaveProperty('controls');
  });
});
