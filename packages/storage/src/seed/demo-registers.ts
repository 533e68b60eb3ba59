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

/** A demo audit; `framework` is a DEMO_FRAMEWORKS key; `report` names a COMPLETED audit's report. */
export interface DemoAudit {
  name: string;
  framework: DemoFrameworkKey | null;
  kind: AuditKind;
  auditor: string;
  state: AuditState;
  start: number;
  days: number;
  report: string | null;
}

/**
 * An ISO/IEC 27001 programme as an auditor expects it: an internal audit before certification, the
 * certification audit (stage 1, then stage 2) by the certification body, an internal audit in the
 * first surveillance cycle, then the first surveillance audit within twelve months of the
 * certification decision; beside it a SOC 2 assessment, a GDPR review and a penetration test.
 */
// biome-ignore format: one row per record reads as a table
export const DEMO_AUDITS: DemoAudit[] = [
  { name: 'ISO 27001 internal audit (pre-certification)', framework: 'iso', kind: 'INTERNAL', auditor: 'Internal audit team', state: 'COMPLETED', start: -360, days: 5, report: 'iso-internal-pre-certification' },
  { name: 'ISO 27001 certification audit, stage 1 (documentation review)', framework: 'iso', kind: 'EXTERNAL', auditor: 'BSI', state: 'COMPLETED', start: -330, days: 2, report: 'iso-certification-stage-1' },
  { name: 'ISO 27001 certification audit, stage 2', framework: 'iso', kind: 'EXTERNAL', auditor: 'BSI', state: 'COMPLETED', start: -300, days: 4, report: 'iso-certification-stage-2' },
  { name: 'ISO 27001 internal audit', framework: 'iso', kind: 'INTERNAL', auditor: 'Internal audit team', state: 'COMPLETED', start: -120, days: 4, report: 'iso-internal' },
  { name: 'SOC 2 Type II readiness assessment', framework: 'soc2', kind: 'EXTERNAL', auditor: 'Prescient Assurance', state: 'IN_PROGRESS', start: -10, days: 30, report: null },
  { name: 'ISO 27001 surveillance audit 1', framework: 'iso', kind: 'EXTERNAL', auditor: 'BSI', state: 'PLANNED', start: 45, days: 2, report: null },
  { name: 'GDPR compliance review', framework: 'gdpr', kind: 'INTERNAL', auditor: 'DPO office', state: 'PLANNED', start: 75, days: 5, report: null },
  { name: 'External penetration test', framework: null, kind: 'EXTERNAL', auditor: 'Secura Labs', state: 'PLANNED', start: 150, days: 10, report: null },
];

/** DEMO_AUDITS indexes the nonconformities refer to. */
const STAGE_2 = 2;
const INTERNAL = 3;
const SOC2 = 4;

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
  correctiveAction: string;
}

/**
 * Nine nonconformities, each with its own root cause and corrective action (planned for the open
 * ones, done for the closed ones): some overdue, some closed.
 */
// biome-ignore format: one row per record reads as a table
export const DEMO_NONCONFORMITIES: DemoNonconformity[] = [
  { title: 'Access reviews not evidenced for Q1', severity: 'MAJOR', status: 'OPEN', audit: INTERNAL, measure: 4, identified: -118, due: -30,
    rootCause: 'No owner was assigned to the quarterly review reminders',
    correctiveAction: 'Make IT Operations the owner of the quarterly access review, schedule it in the ticketing system and keep each signed review record as evidence' },
  { title: 'Backup restore test missing', severity: 'MAJOR', status: 'IN_PROGRESS', audit: INTERNAL, measure: 19, identified: -118, due: 15,
    rootCause: 'Disaster-recovery tests were never put on the operations calendar',
    correctiveAction: 'Schedule a quarterly restore test of each production database and record its outcome in the DR log' },
  { title: 'Supplier assessments outdated', severity: 'MINOR', status: 'OPEN', audit: INTERNAL, measure: 6, identified: -117, due: -14,
    rootCause: 'The vendor list was kept in a spreadsheet with no review dates',
    correctiveAction: 'Move the vendors into the vendor register with a review interval per risk tier and reassess the overdue suppliers' },
  { title: 'Policy not approved by management', severity: 'MINOR', status: 'CLOSED', audit: INTERNAL, measure: 0, identified: -117, due: -60,
    rootCause: 'The document procedure named no approver for the information security policy',
    correctiveAction: 'Named the CEO as approver in the document procedure; the policy was approved, published and acknowledged by staff' },
  { title: 'Change tickets lack approval', severity: 'MINOR', status: 'OPEN', audit: SOC2, measure: 23, identified: -8, due: 30,
    rootCause: 'The hotfix path let engineers deploy without a second review',
    correctiveAction: 'Require an approving review on the hotfix branch and a retrospective change approval within one working day' },
  { title: 'Monitoring alerts not triaged', severity: 'OBSERVATION', status: 'OPEN', audit: SOC2, measure: 20, identified: -7, due: 45,
    rootCause: 'Too many low-value alerts, and security alerts were on no on-call rota',
    correctiveAction: 'Tune alert thresholds, remove duplicate rules and put security alerts on the on-call rota' },
  { title: 'Visitor log incomplete', severity: 'OBSERVATION', status: 'CLOSED', audit: null, measure: null, identified: -200, due: -150,
    rootCause: 'New reception staff were not trained on the visitor procedure',
    correctiveAction: 'Added the visitor procedure to reception onboarding and a daily check of the log by the office manager' },
  { title: 'Laptop found without disk encryption', severity: 'MAJOR', status: 'OPEN', audit: null, measure: 21, identified: -25, due: -3,
    rootCause: 'Laptops were enrolled by hand, so disk encryption could be skipped',
    correctiveAction: 'Enforce disk encryption through the MDM compliance policy and block non-compliant devices from company systems' },
  { title: 'Risk treatment plan not approved by risk owners', severity: 'MINOR', status: 'CLOSED', audit: STAGE_2, measure: 24, identified: -297, due: -240,
    rootCause: 'The risk assessment named no owner for most risks, so nobody could approve their treatment',
    correctiveAction: 'Named an owner for every risk in the register; each owner approved the treatment plan and the residual risks (clause 6.1.3 f)' },
];
