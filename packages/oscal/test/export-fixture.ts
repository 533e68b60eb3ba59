import type {
  AuditInput,
  FrameworkInput,
  MeasureInput,
  NonconformityInput,
  OrganizationInput,
  ReadinessInput,
  RiskInput,
} from '../src/export/inputs.js';
import { type CatalogControl, loadLibraryCatalog } from '../src/index.js';

export const organization: OrganizationInput = {
  id: 'org_01JD3W5Q8Z6X4V2T0R9P7N5M3K',
  name: 'Acme Health GmbH',
};

export const iso: FrameworkInput = {
  id: 'fw_01JD3W5Q8Z6X4V2T0R9P7N5ISO',
  name: 'ISO/IEC 27001:2022 Annex A',
  version: '2022',
  description: 'The Annex A controls Acme certifies against.',
  updated_at: '2026-10-01T08:00:00.000Z',
};

export const nist: FrameworkInput = {
  id: 'fw_01JD3W5Q8Z6X4V2T0R9P7NNIST',
  name: 'NIST SP 800-53 Rev. 5',
  version: '5.1.1',
  description: null,
  updated_at: '2026-09-15T10:30:00.000Z',
};

export const isoControls: CatalogControl[] = loadLibraryCatalog({ key: 'iso-27001-2022' }).controls.slice(
  0,
  20,
);

export const measures: MeasureInput[] = [
  {
    id: 'msr_01JD3W5Q8Z6X4V2T0R9P7N0001',
    name: 'Information security policy',
    description: 'Approved by the board, reviewed yearly.',
    state: 'IMPLEMENTED',
    owner: 'CISO',
    updated_at: '2026-11-02T09:15:00.000Z',
    evidence: [
      {
        id: 'evd_01JD3W5Q8Z6X4V2T0R9P7N0001',
        title: 'Signed policy v3',
        url: 'https://docs.acme.example/policy-v3.pdf',
        collected_at: '2026-10-20T12:00:00.000Z',
        valid_until: '2027-10-20',
        expired: false,
      },
      {
        id: 'evd_01JD3W5Q8Z6X4V2T0R9P7N0002',
        title: 'Board minutes',
        url: null,
        collected_at: '2026-10-21T12:00:00.000Z',
        valid_until: '2026-10-31',
        expired: true,
      },
    ],
    controls: [{ framework_id: iso.id, control_code: 'A.5.1' }],
  },
  {
    id: 'msr_01JD3W5Q8Z6X4V2T0R9P7N0002',
    name: 'Access reviews',
    description: null,
    state: 'IN_PROGRESS',
    owner: 'IT operations',
    updated_at: '2026-11-10T16:40:00.000Z',
    evidence: [],
    controls: [
      { framework_id: iso.id, control_code: 'A.5.15' },
      { framework_id: iso.id, control_code: 'A.5.18' },
    ],
  },
  {
    id: 'msr_01JD3W5Q8Z6X4V2T0R9P7N0003',
    name: 'Threat intelligence feed',
    description: 'Not relevant for a clinic of this size.',
    state: 'NOT_APPLICABLE',
    owner: null,
    updated_at: '2026-08-01T07:00:00.000Z',
    evidence: [],
    controls: [{ framework_id: iso.id, control_code: 'A.5.7' }],
  },
  {
    id: 'msr_01JD3W5Q8Z6X4V2T0R9P7N0004',
    name: 'Asset inventory',
    description: 'CMDB of devices and services.',
    state: 'NOT_STARTED',
    owner: 'CISO',
    updated_at: '2026-07-01T07:00:00.000Z',
    evidence: [],
    controls: [{ framework_id: iso.id, control_code: 'A.5.9' }],
  },
];

export const audits: AuditInput[] = [
  {
    id: 'aud_01JD3W5Q8Z6X4V2T0R9P7N0001',
    name: 'ISO 27001 surveillance audit 2026',
    framework_id: iso.id,
    kind: 'EXTERNAL',
    auditor: 'TÜV Nord',
    state: 'COMPLETED',
    start_date: '2026-10-12',
    end_date: '2026-10-14',
    report_url: 'https://docs.acme.example/audit-2026.pdf',
    notes: 'Two findings, one major.',
    updated_at: '2026-10-15T09:00:00.000Z',
  },
  {
    id: 'aud_01JD3W5Q8Z6X4V2T0R9P7N0002',
    name: 'Internal audit Q1 2027',
    framework_id: null,
    kind: 'INTERNAL',
    auditor: null,
    state: 'PLANNED',
    start_date: null,
    end_date: null,
    report_url: null,
    notes: null,
    updated_at: '2026-11-01T09:00:00.000Z',
  },
];

export const nonconformities: NonconformityInput[] = [
  {
    id: 'nc_01JD3W5Q8Z6X4V2T0R9P7N0001',
    reference: 'NC-2026-001',
    title: 'Access reviews not performed for leavers',
    description: 'Three leavers kept VPN access for two months.',
    severity: 'MAJOR',
    status: 'OPEN',
    audit_id: audits[0]!.id,
    measure_id: measures[1]!.id,
    date_identified: '2026-10-13',
    root_cause: 'No HR trigger for offboarding.',
    corrective_action: 'Automate offboarding from the HR system.',
    owner: 'IT operations',
    due_date: '2026-12-31',
    closed_at: null,
    updated_at: '2026-10-15T10:00:00.000Z',
  },
  {
    id: 'nc_01JD3W5Q8Z6X4V2T0R9P7N0002',
    reference: 'NC-2026-002',
    title: 'Policy not communicated to contractors',
    description: null,
    severity: 'MINOR',
    status: 'CLOSED',
    audit_id: audits[0]!.id,
    measure_id: measures[0]!.id,
    date_identified: '2026-10-14',
    root_cause: null,
    corrective_action: 'Added to the contractor onboarding pack.',
    owner: 'CISO',
    due_date: '2026-11-15',
    closed_at: '2026-11-05T14:00:00.000Z',
    updated_at: '2026-11-05T14:00:00.000Z',
  },
  {
    id: 'nc_01JD3W5Q8Z6X4V2T0R9P7N0003',
    reference: 'NC-2026-003',
    title: 'Backup restore test overdue',
    description: 'Found by the helpdesk, outside any audit.',
    severity: 'OBSERVATION',
    status: 'IN_PROGRESS',
    audit_id: null,
    measure_id: null,
    date_identified: '2026-11-03',
    root_cause: null,
    corrective_action: null,
    owner: null,
    due_date: null,
    closed_at: null,
    updated_at: '2026-11-03T08:00:00.000Z',
  },
];

export const risks: RiskInput[] = [
  {
    id: 'risk_01JD3W5Q8Z6X4V2T0R9P7N0001',
    name: 'Ransomware on the practice network',
    description: 'Encryption of patient records by malware.',
    category: 'Information security',
    owner: 'CISO',
    status: 'IN_TREATMENT',
    treatment: 'MITIGATE',
    inherent_likelihood: 4,
    inherent_impact: 5,
    residual_likelihood: 3,
    residual_impact: 5,
    measure_ids: [measures[0]!.id, measures[3]!.id],
    review_date: '2027-01-31',
    updated_at: '2026-11-12T11:00:00.000Z',
  },
  {
    id: 'risk_01JD3W5Q8Z6X4V2T0R9P7N0002',
    name: 'Loss of a laptop',
    description: null,
    category: null,
    owner: null,
    status: 'OPEN',
    treatment: null,
    inherent_likelihood: 3,
    inherent_impact: 2,
    residual_likelihood: 3,
    residual_impact: 2,
    measure_ids: [],
    review_date: null,
    updated_at: '2026-09-01T11:00:00.000Z',
  },
  {
    id: 'risk_01JD3W5Q8Z6X4V2T0R9P7N0003',
    name: 'Vendor insolvency',
    description: 'Accepted by management.',
    category: 'Supply chain',
    owner: 'CFO',
    status: 'ACCEPTED',
    treatment: 'ACCEPT',
    inherent_likelihood: 1,
    inherent_impact: 3,
    residual_likelihood: 1,
    residual_impact: 3,
    measure_ids: [],
    review_date: null,
    updated_at: '2026-06-01T11:00:00.000Z',
  },
];

/** Readiness of the ISO controls: the first READY, the second EXCLUDED, the third GAP, the rest no measure. */
export const isoReadiness: ReadinessInput[] = [
  {
    framework_id: iso.id,
    controls: isoControls.map((c, i) => {
      if (i === 0) return { code: c.code, state: 'READY', gap_reasons: [], exclusions: [] };
      if (i === 1) {
        return {
          code: c.code,
          state: 'EXCLUDED',
          gap_reasons: [],
          exclusions: [{ measure_id: 'msr_x', measure_name: 'Roles', justification: 'One-person company.' }],
        };
      }
      if (i === 2) {
        return {
          code: c.code,
          state: 'GAP',
          gap_reasons: ['EVIDENCE_EXPIRED', 'OPEN_NONCONFORMITY'],
          exclusions: [],
        };
      }
      return { code: c.code, state: 'GAP', gap_reasons: ['NO_MEASURE'], exclusions: [] };
    }),
  },
];
