import type { RiskStatus, RiskTreatment } from '../enums.js';

/** A demo risk; `measures` are indexes into DEMO_MEASURES, `review` a day offset from today. */
export interface DemoRisk {
  name: string;
  category: string;
  inherent: [number, number];
  residual: [number, number];
  status: RiskStatus;
  treatment: RiskTreatment | null;
  owner: string;
  measures: number[];
  review: number | null;
}

type Row = [
  string,
  string,
  number,
  number,
  number,
  number,
  RiskStatus,
  RiskTreatment | null,
  string,
  number[],
  number | null,
];

// name, category, inherent L×I, residual L×I, status, treatment, owner, measures, review offset
// biome-ignore format: one row per record reads as a table
const ROWS: Row[] = [
  ['Ransomware encrypts production systems', 'Information security', 4, 5, 4, 4, 'OPEN', 'MITIGATE', 'CISO', [16, 19], -20],
  ['Phishing leads to account takeover', 'Information security', 5, 4, 4, 4, 'IN_TREATMENT', 'MITIGATE', 'CISO', [3, 13, 14], 30],
  ['Unpatched internet-facing service exploited', 'Information security', 4, 5, 4, 5, 'OPEN', 'MITIGATE', 'Platform team', [17, 18], -5],
  ['Excessive privileges of former employees', 'Access', 4, 4, 2, 3, 'IN_TREATMENT', 'MITIGATE', 'IT Operations', [4, 5], 60],
  ['Cloud storage bucket exposed publicly', 'Cloud', 4, 5, 4, 5, 'OPEN', 'MITIGATE', 'Platform team', [8], 14],
  ['Loss of backups during region outage', 'Continuity', 3, 5, 2, 4, 'IN_TREATMENT', 'MITIGATE', 'Platform team', [19, 12], 90],
  ['No tested disaster recovery plan', 'Continuity', 4, 5, 4, 5, 'OPEN', 'MITIGATE', 'COO', [11, 12], -45],
  ['Critical SaaS vendor goes out of business', 'Third party', 2, 5, 2, 4, 'ACCEPTED', 'ACCEPT', 'Procurement', [6], 180],
  ['Processor misuses customer personal data', 'Privacy', 3, 5, 2, 5, 'IN_TREATMENT', 'TRANSFER', 'DPO', [7], 120],
  ['Records of processing incomplete', 'Privacy', 4, 3, 4, 3, 'OPEN', 'MITIGATE', 'DPO', [25], 10],
  ['Personal data breach not notified within 72 hours', 'Privacy', 3, 5, 2, 5, 'IN_TREATMENT', 'MITIGATE', 'DPO', [10, 9], 45],
  ['High-risk processing without DPIA', 'Privacy', 4, 4, 4, 4, 'OPEN', 'MITIGATE', 'DPO', [26], -10],
  ['Insider exfiltrates source code', 'Information security', 2, 5, 2, 4, 'OPEN', 'MITIGATE', 'Engineering manager', [20, 5], 75],
  ['Malware on developer laptops', 'Information security', 3, 4, 2, 3, 'CLOSED', 'MITIGATE', 'IT Operations', [16], null],
  ['Unauthorized production change', 'Engineering', 3, 4, 2, 3, 'IN_TREATMENT', 'MITIGATE', 'Engineering manager', [23], 30],
  ['Secrets committed to repositories', 'Engineering', 4, 4, 3, 4, 'OPEN', 'MITIGATE', 'Platform team', [22], 21],
  ['Weak encryption key management', 'Cryptography', 3, 4, 3, 4, 'OPEN', 'MITIGATE', 'Platform team', [22, 21], 40],
  ['DDoS takes customer portal offline', 'Availability', 3, 4, 2, 3, 'IN_TREATMENT', 'TRANSFER', 'Platform team', [], 200],
  ['Shadow IT SaaS tools handle customer data', 'Third party', 4, 3, 4, 3, 'OPEN', null, 'CISO', [], -30],
  ['Lost or stolen laptop with unencrypted data', 'Information security', 3, 4, 1, 4, 'CLOSED', 'MITIGATE', 'IT Operations', [21], null],
  ['Key person dependency in platform team', 'People', 4, 4, 3, 4, 'OPEN', null, 'CTO', [], 15],
  ['Security awareness low among new hires', 'People', 4, 3, 2, 3, 'IN_TREATMENT', 'MITIGATE', 'HR', [13], 60],
  ['Incomplete asset inventory', 'Asset management', 4, 3, 3, 3, 'IN_TREATMENT', 'MITIGATE', 'IT Operations', [2], 30],
  ['Logs insufficient to investigate incidents', 'Operations', 3, 4, 2, 3, 'IN_TREATMENT', 'MITIGATE', 'Platform team', [20], 50],
  ['Payment provider outage stops billing', 'Third party', 2, 4, 2, 4, 'ACCEPTED', 'ACCEPT', 'CFO', [], 365],
  ['Regulatory fine under GDPR', 'Compliance', 3, 5, 3, 5, 'OPEN', 'MITIGATE', 'DPO', [7, 25, 26], 7],
  ['NIS2 obligations not met in time', 'Compliance', 4, 4, 4, 4, 'OPEN', null, 'Legal', [], -3],
  ['Contractual SLA penalties', 'Compliance', 3, 3, 2, 3, 'ACCEPTED', 'ACCEPT', 'Customer success', [], 120],
  ['Supplier with access to production not assessed', 'Third party', 4, 4, 3, 4, 'OPEN', 'MITIGATE', 'Procurement', [6], 20],
  ['Office flooding damages network equipment', 'Physical', 2, 3, 1, 3, 'CLOSED', 'TRANSFER', 'Facilities', [], null],
  ['Social engineering of support staff', 'Information security', 4, 4, 3, 4, 'IN_TREATMENT', 'MITIGATE', 'Customer success', [13, 14], 25],
  ['Customer data retained longer than needed', 'Privacy', 4, 3, 3, 3, 'OPEN', 'MITIGATE', 'DPO', [27], 35],
  ['Third-party JavaScript compromises web app', 'Engineering', 3, 5, 3, 5, 'OPEN', 'AVOID', 'Engineering manager', [], 12],
  ['Misconfigured SSO allows bypass', 'Access', 2, 5, 1, 5, 'CLOSED', 'MITIGATE', 'IT Operations', [3], null],
  ['Backup restore never tested', 'Continuity', 4, 4, 3, 4, 'OPEN', 'MITIGATE', 'IT Operations', [12], -60],
  ['Open-source license violation', 'Legal', 2, 3, 2, 2, 'ACCEPTED', 'ACCEPT', 'Legal', [], 240],
  ['Inadequate segregation of duties in finance', 'Fraud', 2, 4, 2, 3, 'IN_TREATMENT', 'MITIGATE', 'CFO', [], 80],
  ['Expired TLS certificates cause outage', 'Availability', 3, 3, 1, 3, 'CLOSED', 'MITIGATE', 'Platform team', [], null],
  ['AI assistant leaks confidential prompts', 'Information security', 3, 4, 3, 4, 'OPEN', null, 'CISO', [0], 5],
  ['Unmonitored admin activity in cloud console', 'Cloud', 4, 4, 2, 4, 'IN_TREATMENT', 'MITIGATE', 'Platform team', [20, 8], 28],
];

/** 40 risks with varied scores; several OPEN with residual_score above 15. */
export const DEMO_RISKS: DemoRisk[] = ROWS.map(
  ([name, category, il, ii, rl, ri, status, treatment, owner, measures, review]) => ({
    name,
    category,
    inherent: [il, ii],
    residual: [rl, ri],
    status,
    treatment,
    owner,
    measures,
    review,
  }),
);
