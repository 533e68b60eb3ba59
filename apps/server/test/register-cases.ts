import { type RegisterName, registers } from '@comply/schemas';

/** What the shared register tests need to know about one register's four tools. */
export interface RegisterCase {
  /** The tool suffix, e.g. `Risk` → addRisk, getRisk, updateRisk (from the register catalog). */
  singular: string;
  /** The list tool suffix, e.g. `Risks` → listRisks (from the register catalog). */
  plural: string;
  /** The list output key and register name, e.g. `risks`. */
  register: RegisterName;
  /** Valid add input (without organization_id) whose name/title is `label` (unique, and what `query` finds). */
  create: (label: string) => Record<string, unknown>;
  /** A valid patch and one field of the record it must change. */
  patch: Record<string, unknown>;
  changed: { field: string; value: unknown };
  /** Add input with one invalid value, and the field the error must name. */
  invalid: { input: Record<string, unknown>; field: string };
  /**
   * Fields naming a record the create needs in the same organization (a control test's measure),
   * with the add call that makes one; `caseInput` adds it first.
   */
  requires?: Record<string, { tool: string; input: Record<string, unknown> }>;
}

type CaseData = Omit<RegisterCase, 'singular' | 'plural' | 'register'>;

/**
 * Test data per register of the catalog: keyed by register name, so a register added to
 * specs/registers/ without its case here fails the typecheck.
 */
const CASES: { [R in RegisterName]: CaseData } = {
  risks: {
    create: (label) => ({ name: label, inherent_likelihood: 4, inherent_impact: 5 }),
    patch: { status: 'IN_TREATMENT', residual_likelihood: 2 },
    changed: { field: 'residual_score', value: 10 },
    invalid: {
      input: { name: 'x', inherent_likelihood: 6, inherent_impact: 1 },
      field: 'inherent_likelihood',
    },
  },
  vendors: {
    create: (label) => ({ name: label }),
    patch: { risk_tier: 'HIGH' },
    changed: { field: 'risk_tier', value: 'HIGH' },
    invalid: { input: { name: 'x', risk_tier: 'HUGE' }, field: 'risk_tier' },
  },
  measures: {
    create: (label) => ({ name: label }),
    patch: { state: 'IN_PROGRESS' },
    changed: { field: 'state', value: 'IN_PROGRESS' },
    invalid: { input: { name: 'x', state: 'DONE' }, field: 'state' },
  },
  obligations: {
    create: (label) => ({ title: label, source: 'LAW' }),
    patch: { status: 'PARTIALLY_COMPLIANT' },
    changed: { field: 'status', value: 'PARTIALLY_COMPLIANT' },
    invalid: { input: { title: 'x', source: 'RUMOUR' }, field: 'source' },
  },
  nonconformities: {
    create: (label) => ({ title: label, severity: 'MINOR' }),
    patch: { severity: 'MAJOR' },
    changed: { field: 'severity', value: 'MAJOR' },
    invalid: { input: { title: 'x', severity: 'HUGE' }, field: 'severity' },
  },
  audits: {
    create: (label) => ({ name: label, kind: 'INTERNAL' }),
    patch: { state: 'IN_PROGRESS' },
    changed: { field: 'state', value: 'IN_PROGRESS' },
    invalid: { input: { name: 'x', kind: 'SECRET' }, field: 'kind' },
  },
  frameworks: {
    create: (label) => ({ name: label, controls: [{ code: 'A.1', title: 'Policies' }] }),
    patch: { version: '2022' },
    changed: { field: 'version', value: '2022' },
    invalid: { input: { name: 'x', controls: [{ code: 'A.1' }] }, field: 'controls.0.title' },
  },
  assets: {
    create: (label) => ({ name: label, type: 'DATA' }),
    patch: { classification: 'RESTRICTED' },
    changed: { field: 'classification', value: 'RESTRICTED' },
    invalid: { input: { name: 'x', type: 'DATA', classification: 'TOP_SECRET' }, field: 'classification' },
  },
  management_reviews: {
    create: (label) => ({ title: label, review_date: '2026-01-15' }),
    patch: { status: 'HELD', decisions: 'Extend MFA to contractors.' },
    changed: { field: 'status', value: 'HELD' },
    invalid: { input: { title: 'x', review_date: '2026-01-15', status: 'POSTPONED' }, field: 'status' },
  },
  documents: {
    create: (label) => ({ title: label, kind: 'POLICY', content: '# Policy\n\nText.' }),
    patch: { kind: 'PROCEDURE' },
    changed: { field: 'kind', value: 'PROCEDURE' },
    invalid: { input: { title: 'x', kind: 'MEMO' }, field: 'kind' },
  },
  tasks: {
    create: (label) => ({ title: label, due_date: '2026-12-31' }),
    patch: { status: 'IN_PROGRESS' },
    changed: { field: 'status', value: 'IN_PROGRESS' },
    invalid: { input: { title: 'x', due_date: '2026-12-31', status: 'LATE' }, field: 'status' },
  },
  evidence: {
    create: (label) => ({ kind: 'TEXT', title: label, text: 'Access review held; minutes filed.' }),
    patch: { valid_until: '2031-12-31', description: 'Signed by the CISO.' },
    changed: { field: 'valid_until', value: '2031-12-31' },
    invalid: { input: { kind: 'VIDEO', title: 'x' }, field: 'kind' },
  },
  control_tests: {
    create: (label) => ({ title: label, frequency: 'QUARTERLY', procedure: 'Sample 25 leavers.' }),
    patch: { status: 'RETIRED', sample_size: 40 },
    changed: { field: 'status', value: 'RETIRED' },
    invalid: { input: { title: 'x', frequency: 'DAILY', measure_id: 'msr_x' }, field: 'frequency' },
    requires: { measure_id: { tool: 'addMeasure', input: { name: 'Tested measure' } } },
  },
};

/** Adds a record through `tool` with `input` in the case's organization; its id. */
export type AddPrerequisite = (tool: string, input: Record<string, unknown>) => Promise<unknown>;

/** A case's add input for `label`, the records it requires added first through `add`. */
export async function caseInput(a: {
  c: RegisterCase;
  label: string;
  add: AddPrerequisite;
}): Promise<Record<string, unknown>> {
  const refs: Record<string, unknown> = {};
  for (const [field, need] of Object.entries(a.c.requires ?? {}))
    refs[field] = await a.add(need.tool, need.input);
  return { ...a.c.create(a.label), ...refs };
}

/** Every register of the catalog whose tools follow the list/get/add/update pattern. */
export const REGISTERS: RegisterCase[] = Object.values(registers).map((r) => ({
  singular: r.tools.get.slice('get'.length),
  plural: r.tools.list.slice('list'.length),
  register: r.plural,
  ...CASES[r.plural],
}));

/** The list output key of a register, e.g. `nonconformities`. */
export const itemsKey = (c: RegisterCase): string => c.register;
