/** What the shared register tests need to know about one register's four tools. */
export interface RegisterCase {
  /** The tool suffix, e.g. `Risk` → addRisk, getRisk, updateRisk. */
  singular: string;
  /** The list tool suffix and output key, e.g. `Risks` → listRisks, `risks`. */
  plural: string;
  /** Valid add input (without organization_id) whose name/title is `label` (unique, and what `query` finds). */
  create: (label: string) => Record<string, unknown>;
  /** A valid patch and one field of the record it must change. */
  patch: Record<string, unknown>;
  changed: { field: string; value: unknown };
  /** Add input with one invalid value, and the field the error must name. */
  invalid: { input: Record<string, unknown>; field: string };
}

/** The eight registers whose tools follow the list/get/add/update pattern. */
export const REGISTERS: RegisterCase[] = [
  {
    singular: 'Risk',
    plural: 'Risks',
    create: (label) => ({ name: label, inherent_likelihood: 4, inherent_impact: 5 }),
    patch: { status: 'IN_TREATMENT', residual_likelihood: 2 },
    changed: { field: 'residual_score', value: 10 },
    invalid: {
      input: { name: 'x', inherent_likelihood: 6, inherent_impact: 1 },
      field: 'inherent_likelihood',
    },
  },
  {
    singular: 'Vendor',
    plural: 'Vendors',
    create: (label) => ({ name: label }),
    patch: { risk_tier: 'HIGH' },
    changed: { field: 'risk_tier', value: 'HIGH' },
    invalid: { input: { name: 'x', risk_tier: 'HUGE' }, field: 'risk_tier' },
  },
  {
    singular: 'Measure',
    plural: 'Measures',
    create: (label) => ({ name: label }),
    patch: { state: 'IN_PROGRESS' },
    changed: { field: 'state', value: 'IN_PROGRESS' },
    invalid: { input: { name: 'x', state: 'DONE' }, field: 'state' },
  },
  {
    singular: 'Obligation',
    plural: 'Obligations',
    create: (label) => ({ title: label, source: 'LAW' }),
    patch: { status: 'PARTIALLY_COMPLIANT' },
    changed: { field: 'status', value: 'PARTIALLY_COMPLIANT' },
    invalid: { input: { title: 'x', source: 'RUMOUR' }, field: 'source' },
  },
  {
    singular: 'Nonconformity',
    plural: 'Nonconformities',
    create: (label) => ({ title: label, severity: 'MINOR' }),
    patch: { severity: 'MAJOR' },
    changed: { field: 'severity', value: 'MAJOR' },
    invalid: { input: { title: 'x', severity: 'HUGE' }, field: 'severity' },
  },
  {
    singular: 'Audit',
    plural: 'Audits',
    create: (label) => ({ name: label, kind: 'INTERNAL' }),
    patch: { state: 'IN_PROGRESS' },
    changed: { field: 'state', value: 'IN_PROGRESS' },
    invalid: { input: { name: 'x', kind: 'SECRET' }, field: 'kind' },
  },
  {
    singular: 'Framework',
    plural: 'Frameworks',
    create: (label) => ({ name: label, controls: [{ code: 'A.1', title: 'Policies' }] }),
    patch: { version: '2022' },
    changed: { field: 'version', value: '2022' },
    invalid: { input: { name: 'x', controls: [{ code: 'A.1' }] }, field: 'controls.0.title' },
  },
  {
    singular: 'Asset',
    plural: 'Assets',
    create: (label) => ({ name: label, type: 'DATA' }),
    patch: { classification: 'RESTRICTED' },
    changed: { field: 'classification', value: 'RESTRICTED' },
    invalid: { input: { name: 'x', type: 'DATA', classification: 'TOP_SECRET' }, field: 'classification' },
  },
];

/** The list output key of a register, e.g. `Nonconformities` → `nonconformities`. */
export const itemsKey = (c: RegisterCase): string => c.plural.toLowerCase();
