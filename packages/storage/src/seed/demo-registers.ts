import type {
  AuditKind,
  AuditState,
  NcSeverity,
  NcStatus,
  ObligationSource,
  ObligationStatus,
  VendorRiskTier,
} from '../enums.js';
import type { DemoFrameworkKey } from './demo-frameworks.js';

// Every date below is a day offset from the seed's "today" (negative = past).

type VendorRow = [string, string, string, VendorRiskTier, boolean, number | null, number, boolean];
// name, service, category, tier, personal data, last reviewed, interval days, offboarded
// biome-ignore format: one row per record reads as a table
const VENDOR_ROWS: VendorRow[] = [
  ['Amazon Web Services', 'Cloud hosting of the production platform', 'Cloud hosting', 'CRITICAL', true, -200, 365, false],
  ['Google Workspace', 'Email, documents and calendars', 'Productivity', 'HIGH', true, -400, 365, false],
  ['Slack', 'Internal messaging', 'Collaboration', 'MEDIUM', true, -100, 365, false],
  ['GitHub', 'Source code hosting and CI', 'Engineering', 'CRITICAL', false, -190, 180, false],
  ['Atlassian', 'Issue tracking and wiki', 'Engineering', 'MEDIUM', false, null, 365, false],
  ['Stripe', 'Payment processing', 'Payments', 'CRITICAL', true, -30, 365, false],
  ['Salesforce', 'Customer relationship management', 'Sales', 'HIGH', true, null, 365, false],
  ['HubSpot', 'Marketing automation', 'Marketing', 'MEDIUM', true, -500, 365, false],
  ['Datadog', 'Monitoring and log management', 'Observability', 'HIGH', true, -120, 365, false],
  ['Okta', 'Identity provider and SSO', 'Identity', 'CRITICAL', true, null, 180, false],
  ['Zendesk', 'Customer support ticketing', 'Support', 'HIGH', true, -370, 365, false],
  ['DocuSign', 'Electronic signatures', 'Legal', 'LOW', true, -60, 730, false],
  ['Cloudflare', 'CDN, DNS and DDoS protection', 'Network', 'HIGH', false, -300, 365, false],
  ['PayFlow Payroll', 'Payroll and HR administration', 'HR', 'HIGH', true, null, 365, false],
  ['LegacyHost', 'Former hosting of the marketing site', 'Cloud hosting', 'LOW', false, null, 365, true],
];

/** A demo vendor. */
export const DEMO_VENDORS = VENDOR_ROWS.map(
  ([name, description, category, tier, pd, reviewed, interval, off]) => ({
    name,
    description,
    category,
    risk_tier: tier,
    processes_personal_data: pd,
    reviewed,
    review_interval_days: interval,
    offboarded: off,
  }),
);

type ObligationRow = [
  string,
  ObligationSource,
  string | null,
  string,
  string,
  ObligationStatus,
  number | null,
];
// title, source, regulator, area, owner, status, due offset
// biome-ignore format: one row per record reads as a table
const OBLIGATION_ROWS: ObligationRow[] = [
  ['Maintain records of processing activities (GDPR Art. 30)', 'LAW', 'CNIL', 'Data protection', 'DPO', 'PARTIALLY_COMPLIANT', -20],
  ['Carry out DPIA for the new CRM rollout', 'LAW', 'CNIL', 'Data protection', 'DPO', 'NON_COMPLIANT', -5],
  ['Register as an essential entity under NIS2', 'REGULATION', 'ANSSI', 'Cybersecurity', 'Legal', 'NON_COMPLIANT', -40],
  ['Report significant incidents within 24 hours (NIS2)', 'REGULATION', 'ANSSI', 'Cybersecurity', 'CISO', 'PARTIALLY_COMPLIANT', 60],
  ['Sign DPAs with all processors', 'LAW', 'CNIL', 'Data protection', 'DPO', 'COMPLIANT', -90],
  ['Cookie consent banner compliant with ePrivacy', 'LAW', 'CNIL', 'Data protection', 'Marketing', 'COMPLIANT', null],
  ['99.9% availability SLA for enterprise customers', 'CONTRACT', null, 'Operations', 'Platform team', 'COMPLIANT', 180],
  ['Annual penetration test required by key customer', 'CONTRACT', null, 'Security', 'CISO', 'NON_COMPLIANT', 150],
  ['Internal audit programme (ISO 27001 clause 9.2)', 'STANDARD', null, 'Security', 'CISO', 'PARTIALLY_COMPLIANT', 30],
  ['Management review of the ISMS (clause 9.3)', 'STANDARD', null, 'Security', 'CEO', 'NON_COMPLIANT', -10],
  ['PCI DSS SAQ A attestation', 'STANDARD', 'PCI SSC', 'Payments', 'CFO', 'COMPLIANT', 200],
  ['Annual security awareness training for all staff', 'POLICY', null, 'People', 'HR', 'PARTIALLY_COMPLIANT', 45],
  ['Quarterly access review of production systems', 'POLICY', null, 'Security', 'IT Operations', 'NON_COMPLIANT', -2],
  ['Whistleblowing channel (EU Directive 2019/1937)', 'LAW', null, 'Ethics', 'Legal', 'COMPLIANT', null],
  ['Retention schedule for customer data', 'POLICY', null, 'Data protection', 'DPO', 'NON_COMPLIANT', 90],
];

/** A demo obligation. */
export const DEMO_OBLIGATIONS = OBLIGATION_ROWS.map(
  ([title, source, regulator, area, owner, status, due]) => ({
    title,
    source,
    regulator,
    area,
    owner,
    status,
    due,
  }),
);

/** A demo audit; `framework` is a DEMO_FRAMEWORKS key. */
export interface DemoAudit {
  name: string;
  framework: DemoFrameworkKey | null;
  kind: AuditKind;
  auditor: string;
  state: AuditState;
  start: number;
  days: number;
}

/** Five audits: one completed, one running, three upcoming (two within 90 days). */
// biome-ignore format: one row per record reads as a table
export const DEMO_AUDITS: DemoAudit[] = [
  { name: 'ISO 27001 internal audit', framework: 'iso', kind: 'INTERNAL', auditor: 'Internal audit team', state: 'COMPLETED', start: -120, days: 4 },
  { name: 'SOC 2 Type II readiness assessment', framework: 'soc2', kind: 'EXTERNAL', auditor: 'Prescient Assurance', state: 'IN_PROGRESS', start: -10, days: 30 },
  { name: 'ISO 27001 surveillance audit', framework: 'iso', kind: 'EXTERNAL', auditor: 'BSI', state: 'PLANNED', start: 45, days: 2 },
  { name: 'GDPR compliance review', framework: 'gdpr', kind: 'INTERNAL', auditor: 'DPO office', state: 'PLANNED', start: 75, days: 5 },
  { name: 'External penetration test', framework: null, kind: 'EXTERNAL', auditor: 'Secura Labs', state: 'PLANNED', start: 150, days: 10 },
];

/** A demo nonconformity; `audit` indexes DEMO_AUDITS, `measure` DEMO_MEASURES. */
export interface DemoNonconformity {
  title: string;
  severity: NcSeverity;
  status: NcStatus;
  audit: number | null;
  measure: number | null;
  identified: number;
  due: number;
  rootCause: string;
}

/** Eight nonconformities: some overdue, some closed. */
// biome-ignore format: one row per record reads as a table
export const DEMO_NONCONFORMITIES: DemoNonconformity[] = [
  { title: 'Access reviews not evidenced for Q1', severity: 'MAJOR', status: 'OPEN', audit: 0, measure: 4, identified: -118, due: -30, rootCause: 'No owner for the review reminders' },
  { title: 'Backup restore test missing', severity: 'MAJOR', status: 'IN_PROGRESS', audit: 0, measure: 19, identified: -118, due: 15, rootCause: 'DR tests not scheduled' },
  { title: 'Supplier assessments outdated', severity: 'MINOR', status: 'OPEN', audit: 0, measure: 6, identified: -117, due: -14, rootCause: 'Vendor list kept in a spreadsheet' },
  { title: 'Policy not approved by management', severity: 'MINOR', status: 'CLOSED', audit: 0, measure: 0, identified: -117, due: -60, rootCause: 'Approval workflow unclear' },
  { title: 'Change tickets lack approval', severity: 'MINOR', status: 'OPEN', audit: 1, measure: 23, identified: -8, due: 30, rootCause: 'Hotfix path bypasses review' },
  { title: 'Monitoring alerts not triaged', severity: 'OBSERVATION', status: 'OPEN', audit: 1, measure: 20, identified: -7, due: 45, rootCause: 'Alert fatigue' },
  { title: 'Visitor log incomplete', severity: 'OBSERVATION', status: 'CLOSED', audit: null, measure: null, identified: -200, due: -150, rootCause: 'Reception staff turnover' },
  { title: 'Laptop found without disk encryption', severity: 'MAJOR', status: 'OPEN', audit: null, measure: 21, identified: -25, due: -3, rootCause: 'Manual device enrolment' },
];
