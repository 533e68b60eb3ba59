import type {
  AssessmentResultsExportInput,
  AuditInput,
  MeasureInput,
  NonconformityInput,
  RiskInput,
} from '../src/export/inputs.js';
import { loadLibraryCatalog } from '../src/index.js';
import { nist, organization } from './export-fixture.js';

const STATES = ['IMPLEMENTED', 'IN_PROGRESS', 'NOT_STARTED', 'NOT_APPLICABLE'] as const;
const pad = (n: number) => String(n).padStart(4, '0');
const day = (n: number) =>
  `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;

/**
 * An organization with the full NIST SP 800-53 library framework (424 controls) and, by default,
 * 500 measures (each on one to three controls, about half with evidence), 10 audits,
 * 60 nonconformities and 120 risks. Deterministic: the same input on every run.
 */
export function nistOrganization({ measureCount = 500 }: { measureCount?: number } = {}) {
  const catalog = loadLibraryCatalog({ key: 'nist-sp-800-53-r5' });
  const controls = catalog.controls;
  const measures: MeasureInput[] = Array.from({ length: measureCount }, (_, i) => ({
    id: `msr_${pad(i)}`,
    name: `Measure ${i + 1}: ${controls[i % controls.length]!.title}`,
    description: i % 3 === 0 ? null : `How control ${controls[i % controls.length]!.code} is met.`,
    state: STATES[i % STATES.length]!,
    owner: i % 5 === 0 ? null : `Owner ${i % 17}`,
    updated_at: `${day(i)}T08:00:00.000Z`,
    evidence: Array.from({ length: i % 2 === 0 ? 1 + (i % 3) : 0 }, (_, e) => ({
      id: `evd_${pad(i)}_${e}`,
      title: `Evidence ${e + 1} of measure ${i + 1}`,
      url: e % 2 === 0 ? `https://evidence.example/${i}/${e}` : null,
      collected_at: `${day(i + e)}T12:00:00.000Z`,
      valid_until: `${day(i + e + 365)}`,
      expired: false,
    })),
    controls: Array.from({ length: 1 + (i % 3) }, (_, k) => ({
      framework_id: nist.id,
      control_code: controls[(i * 7 + k * 31) % controls.length]!.code,
    })),
  }));
  const audits: AuditInput[] = Array.from({ length: 10 }, (_, i) => ({
    id: `aud_${pad(i)}`,
    name: `Assessment ${i + 1}`,
    framework_id: i % 2 === 0 ? nist.id : null,
    kind: i % 3 === 0 ? 'EXTERNAL' : 'INTERNAL',
    auditor: i % 3 === 0 ? 'Assessor LLP' : null,
    state: 'COMPLETED',
    start_date: day(i),
    end_date: day(i),
    report_url: null,
    notes: null,
    updated_at: `${day(i)}T18:00:00.000Z`,
  }));
  const nonconformities: NonconformityInput[] = Array.from({ length: 60 }, (_, i) => ({
    id: `nc_${pad(i)}`,
    reference: `NC-2026-${String(i + 1).padStart(3, '0')}`,
    title: `Gap ${i + 1}`,
    description: i % 2 === 0 ? `Details of gap ${i + 1}.` : null,
    severity: (['MAJOR', 'MINOR', 'OBSERVATION'] as const)[i % 3]!,
    status: (['OPEN', 'IN_PROGRESS', 'CLOSED'] as const)[i % 3]!,
    audit_id: i % 4 === 3 ? null : audits[i % audits.length]!.id,
    measure_id: i % 5 === 4 ? null : measures[(i * 11) % measures.length]!.id,
    date_identified: day(i),
    root_cause: null,
    corrective_action: i % 2 === 0 ? 'Fix it.' : null,
    owner: i % 2 === 0 ? 'CISO' : null,
    due_date: i % 2 === 0 ? day(i + 3) : null,
    closed_at: i % 3 === 2 ? `${day(i + 2)}T10:00:00.000Z` : null,
    updated_at: `${day(i + 1)}T10:00:00.000Z`,
  }));
  const risks: RiskInput[] = Array.from({ length: 120 }, (_, i) => ({
    id: `risk_${pad(i)}`,
    name: `Risk ${i + 1}`,
    description: i % 2 === 0 ? `What could happen (${i + 1}).` : null,
    category: i % 2 === 0 ? 'Information security' : null,
    owner: i % 3 === 0 ? null : 'Risk owner',
    status: (['OPEN', 'IN_TREATMENT', 'ACCEPTED', 'CLOSED'] as const)[i % 4]!,
    treatment: i % 4 === 0 ? null : 'MITIGATE',
    inherent_likelihood: 1 + (i % 5),
    inherent_impact: 1 + ((i * 3) % 5),
    residual_likelihood: 1 + (i % 4),
    residual_impact: 1 + ((i * 3) % 4),
    measure_ids: [measures[i % measures.length]!.id, measures[(i * 13) % measures.length]!.id],
    review_date: i % 2 === 0 ? day(i + 5) : null,
    updated_at: `${day(i)}T09:00:00.000Z`,
  }));
  const controlIds: AssessmentResultsExportInput['controls'] = controls.map((control) => ({
    framework_id: nist.id,
    code: control.code,
    oscal_id: control.oscal_id,
  }));
  const readiness: AssessmentResultsExportInput['readiness'] = [
    {
      framework_id: nist.id,
      controls: controls.map((control, i) => ({
        code: control.code,
        state: i % 3 === 0 ? 'READY' : 'GAP',
        gap_reasons: i % 3 === 0 ? [] : ['NOT_IMPLEMENTED'],
        exclusions: [],
      })),
    },
  ];
  return {
    readiness,
    organization,
    framework: nist,
    catalog,
    controls,
    controlIds,
    measures,
    audits,
    nonconformities,
    risks,
  };
}
