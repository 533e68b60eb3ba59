import { describe, expect, it } from 'vitest';
import {
  exportAssessmentResults,
  exportMappingCollection,
  exportPoam,
  exportSystemSecurityPlan,
  OscalExportError,
  parseMappingCollection,
  stableUuid,
  validateOscal,
} from '../src/index.js';
import {
  audits,
  iso,
  isoControls,
  isoReadiness,
  measures,
  nist,
  nonconformities,
  organization,
  risks,
} from './export-fixture.js';
import { at } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of exported documents
type Json = Record<string, any>;

const ssp = () => exportSystemSecurityPlan({ organization, framework: iso, controls: isoControls, measures });
const controlIds = isoControls.map((c) => ({ framework_id: iso.id, code: c.code, oscal_id: c.oscal_id }));
const ar = (extra: Partial<Parameters<typeof exportAssessmentResults>[0]> = {}) =>
  exportAssessmentResults({
    organization,
    frameworks: [iso],
    controls: controlIds,
    measures,
    audits,
    nonconformities,
    readiness: isoReadiness,
    ...extra,
  });
const poam = () => exportPoam({ organization, measures, nonconformities, risks });
const mappingInput = {
  organization,
  frameworks: [iso, nist],
  mappings: [
    {
      id: 'map_1',
      source_framework_id: nist.id,
      target_framework_id: iso.id,
      relationship: 'subset-of' as const,
      source_ids: ['ac-2'],
      target_ids: ['a.5.16', 'a.5.18'],
      remarks: 'Identity lifecycle.',
      updated_at: '2026-11-01T00:00:00.000Z',
    },
    {
      id: 'map_2',
      source_framework_id: nist.id,
      target_framework_id: iso.id,
      relationship: 'equivalent-to' as const,
      source_ids: ['ac-1'],
      target_ids: ['a.5.1'],
      remarks: null,
      updated_at: '2026-11-02T00:00:00.000Z',
    },
  ],
};

describe('every export of a small organization', () => {
  it.each([
    ['system-security-plan', ssp],
    ['assessment-results', ar],
    ['plan-of-action-and-milestones', poam],
    ['mapping-collection', () => exportMappingCollection(mappingInput)],
  ])('%s validates against the OSCAL schema and is the same on every run', (model, build) => {
    const doc = build();
    expect(validateOscal(doc)).toEqual({ ok: true, model });
    expect(JSON.stringify(build())).toBe(JSON.stringify(doc));
  });
});

describe('free text with line breaks and edge spaces', () => {
  it('still gives valid documents (single-line OSCAL fields are folded onto one line)', () => {
    const messy = measures.map((m) => ({
      ...m,
      name: `${m.name}\nsecond line`,
      owner: m.owner && ` ${m.owner}\n(deputy) `,
    }));
    const messyAudits = audits.map((a) => ({ ...a, name: `${a.name}\n`, auditor: 'Lead\nAssessor' }));
    const messyNcs = nonconformities.map((nc) => ({
      ...nc,
      owner: 'A\nB',
      title: `${nc.title}\n(see notes)`,
    }));
    const docs = [
      exportSystemSecurityPlan({ organization, framework: iso, controls: isoControls, measures: messy }),
      exportAssessmentResults({
        organization,
        frameworks: [iso],
        controls: controlIds,
        measures: messy,
        audits: messyAudits,
        nonconformities: messyNcs,
        readiness: isoReadiness,
      }),
      exportPoam({
        organization,
        measures: messy,
        nonconformities: messyNcs,
        risks: risks.map((r) => ({ ...r, category: 'x\ny' })),
      }),
    ];
    for (const doc of docs) expect(validateOscal(doc)).toMatchObject({ ok: true });
  });
});

describe('exportSystemSecurityPlan', () => {
  const doc = at(ssp(), ['system-security-plan']) as Json;
  const requirement = (id: string) =>
    doc['control-implementation']['implemented-requirements'].find((r: Json) => r['control-id'] === id);

  it('maps measure states to implementation-status and owners to responsible parties', () => {
    const state = (id: string) =>
      requirement(id)['by-components'].map((b: Json) => b['implementation-status'].state);
    expect([state('a.5.1'), state('a.5.15'), state('a.5.7'), state('a.5.9')]).toEqual([
      ['implemented'],
      ['partial'],
      ['not-applicable'],
      ['planned'],
    ]);
    const policy = requirement('a.5.1')['by-components'][0];
    expect(policy['component-uuid']).toBe(stableUuid({ kind: 'measure', id: measures[0]!.id }));
    const ciso = doc.metadata.parties.find((p: Json) => p.name === 'CISO');
    expect(policy['responsible-roles']).toEqual([{ 'role-id': 'measure-owner', 'party-uuids': [ciso.uuid] }]);
    expect(requirement('a.5.2').remarks).toBe('No measure addresses this control yet.');
  });

  it('dates the document by its newest record, not the clock', () => {
    expect(doc.metadata['last-modified']).toBe('2026-11-10T16:40:00.000Z');
  });
});

describe('exportSystemSecurityPlan with a Statement of Applicability', () => {
  const applicability = new Map([
    ['A.5.1', { applicable: true, justification: 'Required by the ISMS scope.' }],
    ['A.5.2', { applicable: false, justification: 'Fully remote company.' }],
  ]);
  const doc = exportSystemSecurityPlan({
    organization,
    framework: iso,
    controls: isoControls,
    measures,
    applicability,
  });
  const plan = at(doc, ['system-security-plan']) as Json;
  const requirement = (id: string) =>
    plan['control-implementation']['implemented-requirements'].find((r: Json) => r['control-id'] === id);
  const applicabilityProp = (id: string) =>
    requirement(id).props.find((p: Json) => p.name === 'applicability').value;

  it('carries each control’s applicability as a property and its justification in remarks, and stays valid', () => {
    expect(applicabilityProp('a.5.1')).toBe('applicable');
    expect(requirement('a.5.1').remarks).toBe('Applicable: Required by the ISMS scope.');
    expect(applicabilityProp('a.5.2')).toBe('not-applicable');
    expect(requirement('a.5.2').remarks).toBe(
      'Not applicable: Fully remote company.\n\nNo measure addresses this control yet.',
    );
    expect(applicabilityProp('a.5.7')).toBe('undecided');
    expect(validateOscal(doc)).toMatchObject({ ok: true });
  });
});

describe('exportAssessmentResults', () => {
  const doc = at(ar(), ['assessment-results']) as Json;

  it('has one result per audit, findings for nonconformities, and the evidence as observations', () => {
    expect(doc.results.map((r: Json) => r.title)).toEqual([
      'ISO 27001 surveillance audit 2026',
      'Internal audit Q1 2027',
      'Nonconformities found outside audits',
      'Evidence on record',
      'Audit readiness: ISO/IEC 27001:2022 Annex A',
    ]);
    const [audit] = doc.results;
    expect(audit.start).toBe('2026-10-12T00:00:00Z');
    expect(audit.findings.map((f: Json) => [f.title, f.target['target-id'], f.target.status.state])).toEqual([
      ['NC-2026-001: Access reviews not performed for leavers', 'a.5.15_smt', 'not-satisfied'],
      ['NC-2026-002: Policy not communicated to contractors', 'a.5.1_smt', 'satisfied'],
    ]);
    expect(audit.findings[0]['related-observations']).toEqual([
      { 'observation-uuid': audit.observations[0].uuid },
    ]);
    const evidence = doc.results[3].observations;
    expect(evidence).toHaveLength(2);
    expect(evidence[0]['relevant-evidence']).toEqual([
      { href: 'https://docs.acme.example/policy-v3.pdf', description: 'Signed policy v3' },
    ]);
    expect(evidence[0].subjects[0]['subject-uuid']).toBe(
      stableUuid({ kind: 'measure', id: measures[0]!.id }),
    );
  });

  it("records each control's readiness as a finding, and when each piece of evidence expires", () => {
    const result = doc.results[4];
    const finding = (i: number) => result.findings[i];
    const prop = (f: Json, name: string) => f.props.find((p: Json) => p.name === name)?.value;
    expect(result.findings).toHaveLength(isoControls.length);
    expect([0, 1, 2, 3].map((i) => [prop(finding(i), 'readiness'), finding(i).target.status.state])).toEqual([
      ['READY', 'satisfied'],
      ['EXCLUDED', 'satisfied'],
      ['GAP', 'not-satisfied'],
      ['GAP', 'not-satisfied'],
    ]);
    expect(finding(1).target.status).toMatchObject({ reason: 'other' });
    expect(finding(1).description).toContain('One-person company.');
    expect(prop(finding(2), 'gap-reasons')).toBe('EVIDENCE_EXPIRED OPEN_NONCONFORMITY');
    expect(finding(0).target['target-id']).toBe(`${isoControls[0]!.oscal_id}_smt`);
    const evidence = doc.results[3].observations;
    expect(evidence.map((o: Json) => o.expires)).toEqual(['2027-10-20T23:59:59Z', '2026-10-31T23:59:59Z']);
  });

  it('records each control test run as a TEST observation of its measure, and stays valid', () => {
    const withRuns = ar({
      testRuns: [
        {
          id: 'run_1',
          control_test_id: 'ctt_1',
          control_test_title: 'Leavers disabled within a day',
          measure_id: measures[0]!.id,
          period_start: '2026-07-01',
          period_end: '2026-09-30',
          performed_at: '2026-10-03T09:00:00.000Z',
          samples_tested: 25,
          result: 'PASSED_WITH_EXCEPTIONS',
          exceptions: ['One contractor disabled after three days'],
          evidence_ids: ['evd_1'],
          nonconformity_id: 'nc_1',
        },
      ],
    });
    expect(validateOscal(withRuns)).toEqual({ ok: true, model: 'assessment-results' });
    const results = (at(withRuns, ['assessment-results']) as Json).results;
    const tests = results.find((r: Json) => r.title === 'Control test runs');
    expect(tests.start).toBe('2026-10-03T09:00:00.000Z');
    const [run] = tests.observations;
    expect(run).toMatchObject({
      uuid: stableUuid({ kind: 'test-run', id: 'run_1' }),
      title: 'Leavers disabled within a day, 2026-07-01 to 2026-09-30',
      description:
        'Passed with exceptions: 25 samples tested over 2026-07-01 to 2026-09-30. Exceptions: One contractor disabled after three days',
      methods: ['TEST'],
      collected: '2026-10-03T09:00:00.000Z',
      'relevant-evidence': [{ description: 'Evidence evd_1' }],
    });
    expect(run.subjects[0]['subject-uuid']).toBe(stableUuid({ kind: 'measure', id: measures[0]!.id }));
    const prop = (name: string) => run.props.find((p: Json) => p.name === name)?.value;
    expect([prop('result'), prop('samples-tested'), prop('nonconformity-id')]).toEqual([
      'PASSED_WITH_EXCEPTIONS',
      '25',
      'nc_1',
    ]);
  });

  it('is still a valid document for an organization with nothing to report', () => {
    const empty = exportAssessmentResults({
      organization,
      frameworks: [],
      controls: [],
      measures: [],
      audits: [],
      nonconformities: [],
      readiness: [],
    });
    expect(validateOscal(empty)).toEqual({ ok: true, model: 'assessment-results' });
  });
});

describe('exportPoam', () => {
  const doc = at(poam(), ['plan-of-action-and-milestones']) as Json;

  it('lists open nonconformities and untreated risks, with risks carrying likelihood and impact', () => {
    expect(doc['poam-items'].map((item: Json) => item.title)).toEqual([
      'NC-2026-001: Access reviews not performed for leavers',
      'NC-2026-003: Backup restore test overdue',
      'Ransomware on the practice network',
      'Loss of a laptop',
    ]);
    const [ransomware] = doc.risks;
    expect(ransomware.status).toBe('remediating');
    expect(ransomware.characterizations[0].facets.slice(0, 2)).toEqual([
      { name: 'likelihood', system: 'urn:comply:oscal', value: '3' },
      { name: 'impact', system: 'urn:comply:oscal', value: '5' },
    ]);
    expect(ransomware.remediations.map((r: Json) => [r.title, r.lifecycle])).toEqual([
      ['Information security policy', 'completed'],
      ['Asset inventory', 'planned'],
    ]);
    expect(doc['poam-items'][2]['related-risks']).toEqual([{ 'risk-uuid': ransomware.uuid }]);
  });

  it('uses the same uuids for a nonconformity as the assessment results', () => {
    const results = at(ar(), ['assessment-results']) as Json;
    expect(doc.findings[0].uuid).toBe(results.results[0].findings[0].uuid);
  });

  it('refuses to make a document without items', () => {
    expect(() =>
      exportPoam({ organization, measures, nonconformities: [], risks: [risks[2]!] }),
    ).toThrowError(OscalExportError);
  });
});

describe('exportMappingCollection', () => {
  it('round-trips through parseMappingCollection', () => {
    const parsed = parseMappingCollection(exportMappingCollection(mappingInput));
    expect(parsed.mappings).toEqual(
      mappingInput.mappings.map((m) => ({
        source_resource: { href: expect.stringMatching(/^#/), title: nist.name },
        target_resource: { href: expect.stringMatching(/^#/), title: iso.name },
        relationship: m.relationship,
        source_ids: m.source_ids,
        target_ids: m.target_ids,
        remarks: m.remarks,
      })),
    );
  });

  it('refuses an organization without mappings', () => {
    expect(() => exportMappingCollection({ organization, frameworks: [], mappings: [] })).toThrowError(
      'nothing to export: the organization has no mappings (OSCAL requires at least one)',
    );
  });
});
