import { addDays } from '../dates.js';
import {
  AUDIT_KINDS,
  AUDIT_STATES,
  MEASURE_STATES,
  NC_SEVERITIES,
  NC_STATUSES,
  OBLIGATION_SOURCES,
  OBLIGATION_STATUSES,
  RISK_TREATMENTS,
  VENDOR_RISK_TIERS,
} from '../enums.js';
import { newId } from '../ids.js';

/** What every generated row needs: its organization, its position, and the seed's clock. */
export interface RowContext {
  organizationId: string;
  n: number;
  today: string;
  now: string;
}

/** A deterministic pseudo-random integer in [0, mod) for row `n` and a salt (no Math.random: reruns match). */
function pick(n: number, salt: number, mod: number): number {
  let x = (n + 1) * 2654435761 + salt * 40503;
  x = Math.imul(x ^ (x >>> 15), 2246822519);
  x = Math.imul(x ^ (x >>> 13), 3266489917);
  return ((x ^ (x >>> 16)) >>> 0) % mod;
}

const of = <T>(values: readonly T[], n: number, salt: number): T => values[pick(n, salt, values.length)] as T;
const TOPICS = [
  'Data loss',
  'Outage',
  'Fraud',
  'Breach',
  'Misconfiguration',
  'Supplier failure',
  'Human error',
];
const OWNERS = ['CISO', 'CTO', 'DPO', 'IT Operations', 'Platform team', 'Legal', 'Procurement', 'HR'];
const CATEGORIES = ['Information security', 'Privacy', 'Continuity', 'Third party', 'Compliance', 'Cloud'];
// OPEN 40%, IN_TREATMENT 25%, ACCEPTED 15%, CLOSED 20%.
const riskStatus = (n: number) => {
  const slot = pick(n, 3, 20);
  return slot < 8 ? 'OPEN' : slot < 13 ? 'IN_TREATMENT' : slot < 16 ? 'ACCEPTED' : 'CLOSED';
};

// addDays builds a Date per call; bulk rows reuse one string per (today, offset) instead.
const dayCache = new Map<string, string>();
function day(today: string, offset: number): string {
  const key = `${today}${offset}`;
  let value = dayCache.get(key);
  if (value === undefined) {
    value = addDays({ date: today, days: offset });
    dayCache.set(key, value);
  }
  return value;
}

const pad = (n: number) => String(n + 1).padStart(7, '0');
const base = (c: RowContext, kind: Parameters<typeof newId>[0]) => ({
  id: newId(kind),
  organization_id: c.organizationId,
  created_at: c.now,
  updated_at: c.now,
});

/**
 * A bulk risk's treatment, consistent with its status (docs/data-model.md, "Invariants"): ACCEPT
 * only for an ACCEPTED risk, which gets its acceptance record (acceptanceRow).
 */
function riskTreatment(n: number, status: string) {
  if (status === 'ACCEPTED') return 'ACCEPT';
  const treatment = pick(n, 7, 5) === 0 ? null : of(RISK_TREATMENTS, n, 8);
  return treatment === 'ACCEPT' ? 'MITIGATE' : treatment;
}

/** The acceptance record of an ACCEPTED bulk risk: by the organization's owner, for a year. */
export function acceptanceRow(args: {
  c: Omit<RowContext, 'n'>;
  riskId: string;
  owner: { id: string; email: string };
}) {
  return {
    id: newId('riskAcceptance'),
    organization_id: args.c.organizationId,
    risk_id: args.riskId,
    accepted_by_user_id: args.owner.id,
    accepted_by: args.owner.email,
    accepted_role: 'OWNER',
    accepted_at: args.c.now,
    rationale: 'Within the risk appetite (bulk benchmark data).',
    conditions: null,
    expires_on: day(args.c.today, 365),
  };
}

/** One bulk risk: residual scores uniform over 1–25 products (16% above 15), inherent ≥ residual. */
export function riskRow(c: RowContext) {
  const rl = 1 + pick(c.n, 1, 5);
  const ri = 1 + pick(c.n, 2, 5);
  const status = riskStatus(c.n);
  return {
    ...base(c, 'risk'),
    name: `${of(TOPICS, c.n, 4)} risk ${pad(c.n)}`,
    description: null,
    category: of(CATEGORIES, c.n, 5),
    owner: of(OWNERS, c.n, 6),
    status,
    treatment: riskTreatment(c.n, status),
    inherent_likelihood: Math.max(rl, 1 + pick(c.n, 9, 5)),
    inherent_impact: Math.max(ri, 1 + pick(c.n, 10, 5)),
    residual_likelihood: rl,
    residual_impact: ri,
    review_date: pick(c.n, 11, 4) === 0 ? null : day(c.today, pick(c.n, 12, 730) - 365),
    note: null,
  };
}

/** One bulk vendor; a quarter never reviewed. */
export function vendorRow(c: RowContext) {
  return {
    ...base(c, 'vendor'),
    name: `Vendor ${pad(c.n)}`,
    description: `${of(TOPICS, c.n, 1)} services`,
    category: of(CATEGORIES, c.n, 2),
    website: null,
    risk_tier: of(VENDOR_RISK_TIERS, c.n, 3),
    status: pick(c.n, 4, 10) === 0 ? 'OFFBOARDED' : 'ACTIVE',
    processes_personal_data: pick(c.n, 5, 2) === 0,
    contract_end: null,
    last_reviewed_at: pick(c.n, 6, 4) === 0 ? null : day(c.today, -pick(c.n, 7, 700)),
    review_interval_days: 365,
    owner: of(OWNERS, c.n, 8),
    contact_email: null,
  };
}

/** One bulk measure. */
export function measureRow(c: RowContext) {
  return {
    ...base(c, 'measure'),
    name: `Measure ${pad(c.n)}`,
    description: null,
    category: of(CATEGORIES, c.n, 1),
    owner: of(OWNERS, c.n, 2),
    state: of(MEASURE_STATES, c.n, 3),
  };
}

/** One bulk obligation, due within a year either side of today. */
export function obligationRow(c: RowContext) {
  return {
    ...base(c, 'obligation'),
    title: `Obligation ${pad(c.n)}`,
    requirement: null,
    source: of(OBLIGATION_SOURCES, c.n, 1),
    regulator: null,
    area: of(CATEGORIES, c.n, 2),
    owner: of(OWNERS, c.n, 3),
    status: of(OBLIGATION_STATUSES, c.n, 4),
    due_date: day(c.today, pick(c.n, 5, 730) - 365),
    last_review_date: null,
    actions: null,
  };
}

/** One bulk nonconformity with a unique reference; a CLOSED one has its cause and correction. */
export function nonconformityRow(c: RowContext) {
  const status = of(NC_STATUSES, c.n, 2);
  const closed = status === 'CLOSED';
  return {
    ...base(c, 'nonconformity'),
    reference: `NC-BULK-${pad(c.n)}`,
    title: `Nonconformity ${pad(c.n)}`,
    description: null,
    severity: of(NC_SEVERITIES, c.n, 1),
    status,
    audit_id: null,
    measure_id: null,
    date_identified: day(c.today, -pick(c.n, 3, 365)),
    root_cause: closed ? 'Procedure step skipped under time pressure' : null,
    corrective_action: closed ? 'Step made mandatory in the checklist; staff briefed' : null,
    owner: of(OWNERS, c.n, 4),
    due_date: day(c.today, pick(c.n, 5, 180) - 90),
    closed_at: closed ? c.now : null,
  };
}

/** One bulk audit, starting within a year either side of today. */
export function auditRow(c: RowContext) {
  const start = day(c.today, pick(c.n, 1, 730) - 365);
  return {
    ...base(c, 'audit'),
    name: `Audit ${pad(c.n)}`,
    framework_id: null,
    kind: of(AUDIT_KINDS, c.n, 2),
    auditor: null,
    state: of(AUDIT_STATES, c.n, 3),
    start_date: start,
    end_date: day(start, 3),
    report_url: null,
    notes: null,
  };
}
