import type { MeasureState } from '../enums.js';
import type { FrameworkCreate } from '../registers/frameworks/types.js';

/** The demo's frameworks, by a short key the measures refer to. */
export const DEMO_FRAMEWORKS = {
  iso: {
    name: 'ISO/IEC 27001',
    version: '2022',
    description: 'Information security management systems — Annex A controls (subset).',
    controls: [
      ['A.5.1', 'Policies for information security'],
      ['A.5.9', 'Inventory of information and other associated assets'],
      ['A.5.15', 'Access control'],
      ['A.5.19', 'Information security in supplier relationships'],
      ['A.5.23', 'Information security for use of cloud services'],
      ['A.5.24', 'Information security incident management planning and preparation'],
      ['A.5.30', 'ICT readiness for business continuity'],
      ['A.6.3', 'Information security awareness, education and training'],
      ['A.7.10', 'Storage media'],
      ['A.8.7', 'Protection against malware'],
      ['A.8.8', 'Management of technical vulnerabilities'],
      ['A.8.13', 'Information backup'],
      ['A.8.15', 'Logging'],
      ['A.8.24', 'Use of cryptography'],
    ],
  },
  soc2: {
    name: 'SOC 2',
    version: '2017 TSC (rev. 2022)',
    description: 'AICPA Trust Services Criteria — security and availability (subset).',
    controls: [
      ['CC1.1', 'The entity demonstrates a commitment to integrity and ethical values'],
      ['CC2.1', 'The entity uses relevant, quality information to support internal control'],
      ['CC3.2', 'The entity identifies and analyzes risks to the achievement of its objectives'],
      ['CC6.1', 'Logical access security software, infrastructure and architectures'],
      ['CC6.6', 'Security measures against threats from outside system boundaries'],
      ['CC7.2', 'The entity monitors system components for anomalies'],
      ['CC8.1', 'Changes to infrastructure, data and software are authorized and tested'],
      ['CC9.2', 'The entity assesses and manages risks associated with vendors'],
      ['A1.2', 'Environmental protections, backup and recovery infrastructure'],
    ],
  },
  gdpr: {
    name: 'GDPR',
    version: '2016/679',
    description: 'EU General Data Protection Regulation — key articles.',
    controls: [
      ['Art. 5', 'Principles relating to processing of personal data'],
      ['Art. 25', 'Data protection by design and by default'],
      ['Art. 28', 'Processor'],
      ['Art. 30', 'Records of processing activities'],
      ['Art. 32', 'Security of processing'],
      ['Art. 33', 'Notification of a personal data breach to the supervisory authority'],
      ['Art. 35', 'Data protection impact assessment'],
      ['Art. 37', 'Designation of the data protection officer'],
    ],
  },
} as const satisfies Record<
  string,
  { name: string; version: string; description: string; controls: readonly (readonly [string, string])[] }
>;

/** A demo framework key. */
export type DemoFrameworkKey = keyof typeof DEMO_FRAMEWORKS;

/** A demo framework in the frameworks repository's input shape. */
export function frameworkData(key: DemoFrameworkKey): FrameworkCreate {
  const fw = DEMO_FRAMEWORKS[key];
  return {
    name: fw.name,
    version: fw.version,
    description: fw.description,
    controls: fw.controls.map(([code, title]) => ({ code, title })),
  };
}

/** A demo measure: state, owner, controls as `key:code`, and how many evidence items it has. */
export interface DemoMeasure {
  name: string;
  category: string;
  state: MeasureState;
  owner: string;
  controls: string[];
  evidence: number;
}

const m = (
  name: string,
  category: string,
  state: MeasureState,
  owner: string,
  controls: string[],
  evidence = 0,
): DemoMeasure => ({ name, category, state, owner, controls, evidence });

/** 30 measures in every state; some IMPLEMENTED ones lack evidence on purpose (readiness gaps). */
// biome-ignore format: one row per record reads as a table
export const DEMO_MEASURES: DemoMeasure[] = [
  m('Information security policy', 'Governance', 'IMPLEMENTED', 'CISO', ['iso:A.5.1', 'soc2:CC1.1'], 2),
  m('Code of conduct acknowledgement', 'Governance', 'IMPLEMENTED', 'HR', ['soc2:CC1.1'], 1),
  m('Asset inventory in CMDB', 'Asset management', 'IN_PROGRESS', 'IT Operations', ['iso:A.5.9', 'soc2:CC2.1']),
  m( 'Single sign-on with MFA', 'Access control', 'IMPLEMENTED', 'IT Operations', ['iso:A.5.15', 'soc2:CC6.1'], 2, ),
  m('Quarterly access reviews', 'Access control', 'IMPLEMENTED', 'CISO', ['iso:A.5.15', 'soc2:CC6.1']),
  m('Privileged access management', 'Access control', 'IN_PROGRESS', 'Platform team', ['soc2:CC6.1']),
  m( 'Supplier security assessment', 'Supplier management', 'IMPLEMENTED', 'Procurement', ['iso:A.5.19', 'soc2:CC9.2'], 1, ),
  m( 'Data processing agreements', 'Supplier management', 'IMPLEMENTED', 'DPO', ['gdpr:Art. 28', 'iso:A.5.19'], 2, ),
  m('Cloud security baseline', 'Cloud', 'IN_PROGRESS', 'Platform team', ['iso:A.5.23']),
  m('Incident response plan', 'Incident management', 'IMPLEMENTED', 'CISO', ['iso:A.5.24', 'soc2:CC7.2'], 1),
  m('Breach notification procedure', 'Incident management', 'IMPLEMENTED', 'DPO', ['gdpr:Art. 33']),
  m('Business continuity plan', 'Continuity', 'NOT_STARTED', 'COO', ['iso:A.5.30']),
  m('Disaster recovery test', 'Continuity', 'NOT_STARTED', 'IT Operations', ['iso:A.5.30', 'soc2:A1.2']),
  m('Security awareness training', 'People', 'IMPLEMENTED', 'HR', ['iso:A.6.3'], 2),
  m('Phishing simulations', 'People', 'IN_PROGRESS', 'CISO', ['iso:A.6.3']),
  m('Secure media disposal', 'Physical', 'NOT_APPLICABLE', 'Facilities', ['iso:A.7.10']),
  m( 'Endpoint protection (EDR)', 'Operations', 'IMPLEMENTED', 'IT Operations', ['iso:A.8.7', 'soc2:CC6.6'], 1, ),
  m('Vulnerability scanning', 'Operations', 'IMPLEMENTED', 'Platform team', ['iso:A.8.8', 'soc2:CC7.2'], 1),
  m('Patch management SLA', 'Operations', 'IN_PROGRESS', 'IT Operations', ['iso:A.8.8']),
  m('Daily encrypted backups', 'Operations', 'IMPLEMENTED', 'Platform team', ['iso:A.8.13', 'soc2:A1.2']),
  m('Centralized logging', 'Operations', 'IMPLEMENTED', 'Platform team', ['iso:A.8.15', 'soc2:CC7.2'], 1),
  m( 'Encryption at rest and in transit', 'Cryptography', 'IMPLEMENTED', 'Platform team', ['iso:A.8.24', 'gdpr:Art. 32'], 2, ),
  m('Key management procedure', 'Cryptography', 'NOT_STARTED', 'Platform team', ['iso:A.8.24']),
  m('Change management process', 'Engineering', 'IMPLEMENTED', 'Engineering manager', ['soc2:CC8.1'], 1),
  m('Annual risk assessment', 'Governance', 'IN_PROGRESS', 'CISO', ['soc2:CC3.2']),
  m('Records of processing register', 'Privacy', 'IN_PROGRESS', 'DPO', ['gdpr:Art. 30']),
  m('DPIA procedure', 'Privacy', 'NOT_STARTED', 'DPO', ['gdpr:Art. 35']),
  m('Privacy by design checklist', 'Privacy', 'NOT_STARTED', 'Engineering manager', ['gdpr:Art. 25', 'gdpr:Art. 5']),
  m('Designated DPO', 'Privacy', 'IMPLEMENTED', 'Legal', ['gdpr:Art. 37'], 1),
  m('Clean desk policy', 'Physical', 'NOT_APPLICABLE', 'Facilities', []),
];
