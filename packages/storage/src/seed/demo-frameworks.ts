import { loadLibraryCatalog } from '@comply/oscal';
import type { MeasureState } from '../enums.js';
import { catalogControlInputs } from '../registers/frameworks/catalog-controls.js';
import type { FrameworkCreate } from '../registers/frameworks/types.js';

/**
 * The demo's frameworks, by a short key the measures refer to: each adopted whole from the
 * built-in library (`@comply/oscal`), as `addFramework` with `library_key` would.
 */
export const DEMO_FRAMEWORKS = {
  iso: 'iso-27001-2022',
  isms: 'iso-27001-2022-clauses',
  soc2: 'soc2-tsc-2017',
  gdpr: 'gdpr',
} as const;

/** A demo framework key. */
export type DemoFrameworkKey = keyof typeof DEMO_FRAMEWORKS;

/** A demo framework in the frameworks repository's input shape: the library entry, every control. */
export function frameworkData(key: DemoFrameworkKey): FrameworkCreate {
  const catalog = loadLibraryCatalog({ key: DEMO_FRAMEWORKS[key] });
  return {
    name: catalog.title,
    version: catalog.version,
    description: catalog.description,
    oscal_uuid: catalog.oscal_uuid,
    source: 'library',
    library_key: DEMO_FRAMEWORKS[key],
    baseline: null,
    controls: catalogControlInputs(catalog.controls),
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
  m('Information security policy', 'Governance', 'IMPLEMENTED', 'CISO', ['isms:5.2', 'iso:A.5.1', 'iso:A.5.4', 'iso:A.5.36', 'iso:A.5.37', 'soc2:CC1.1', 'soc2:CC5.3'], 2),
  m('Code of conduct acknowledgement', 'Governance', 'IMPLEMENTED', 'HR', ['iso:A.6.2', 'iso:A.6.4', 'soc2:CC1.1', 'soc2:CC1.4'], 1),
  m('Asset inventory in CMDB', 'Asset management', 'IN_PROGRESS', 'IT Operations', ['iso:A.5.9', 'iso:A.5.10', 'iso:A.5.11', 'iso:A.5.12', 'soc2:CC2.1']),
  m('Single sign-on with MFA', 'Access control', 'IMPLEMENTED', 'IT Operations', ['iso:A.5.15', 'iso:A.5.16', 'iso:A.5.17', 'iso:A.8.5', 'soc2:CC6.1', 'soc2:CC6.2'], 2),
  m('Quarterly access reviews', 'Access control', 'IMPLEMENTED', 'CISO', ['iso:A.5.15', 'iso:A.5.18', 'iso:A.8.3', 'soc2:CC6.2', 'soc2:CC6.3']),
  m('Privileged access management', 'Access control', 'IN_PROGRESS', 'Platform team', ['iso:A.8.2', 'iso:A.8.18', 'soc2:CC6.1', 'soc2:CC6.3']),
  m('Supplier security assessment', 'Supplier management', 'IMPLEMENTED', 'Procurement', ['iso:A.5.19', 'iso:A.5.21', 'iso:A.5.22', 'soc2:CC9.2'], 1),
  m('Data processing agreements', 'Supplier management', 'IMPLEMENTED', 'DPO', ['gdpr:Art. 28', 'iso:A.5.19', 'iso:A.5.20', 'iso:A.5.34', 'soc2:P6.4'], 2),
  m('Cloud security baseline', 'Cloud', 'IN_PROGRESS', 'Platform team', ['iso:A.5.23', 'iso:A.8.9', 'soc2:CC7.1']),
  m('Incident response plan', 'Incident management', 'IMPLEMENTED', 'CISO', ['iso:A.5.24', 'iso:A.5.25', 'iso:A.5.26', 'iso:A.5.27', 'iso:A.6.8', 'soc2:CC7.3', 'soc2:CC7.4'], 1),
  m('Breach notification procedure', 'Incident management', 'IMPLEMENTED', 'DPO', ['gdpr:Art. 33', 'gdpr:Art. 34', 'iso:A.5.5', 'soc2:P6.6']),
  m('Business continuity plan', 'Continuity', 'NOT_STARTED', 'COO', ['iso:A.5.29', 'iso:A.5.30', 'soc2:CC9.1']),
  m('Disaster recovery test', 'Continuity', 'NOT_STARTED', 'IT Operations', ['iso:A.5.30', 'iso:A.8.14', 'soc2:A1.2', 'soc2:A1.3']),
  m('Security awareness training', 'People', 'IMPLEMENTED', 'HR', ['isms:7.2', 'isms:7.3', 'iso:A.6.3', 'soc2:CC1.4', 'soc2:CC2.2'], 2),
  m('Phishing simulations', 'People', 'IN_PROGRESS', 'CISO', ['iso:A.6.3']),
  m('Secure media disposal', 'Physical', 'NOT_APPLICABLE', 'Facilities', ['iso:A.7.10', 'iso:A.7.14', 'soc2:CC6.5']),
  m('Endpoint protection (EDR)', 'Operations', 'IMPLEMENTED', 'IT Operations', ['iso:A.8.1', 'iso:A.8.7', 'soc2:CC6.8'], 1),
  m('Vulnerability scanning', 'Operations', 'IMPLEMENTED', 'Platform team', ['iso:A.8.8', 'soc2:CC7.1'], 1),
  m('Patch management SLA', 'Operations', 'IN_PROGRESS', 'IT Operations', ['iso:A.8.8', 'iso:A.8.19']),
  m('Daily encrypted backups', 'Operations', 'IMPLEMENTED', 'Platform team', ['iso:A.8.13', 'soc2:A1.2']),
  m('Centralized logging', 'Operations', 'IMPLEMENTED', 'Platform team', ['iso:A.8.15', 'iso:A.8.16', 'iso:A.8.17', 'soc2:CC7.2'], 1),
  m('Encryption at rest and in transit', 'Cryptography', 'IMPLEMENTED', 'Platform team', ['iso:A.8.24', 'iso:A.5.14', 'soc2:CC6.7', 'gdpr:Art. 32'], 2),
  m('Key management procedure', 'Cryptography', 'NOT_STARTED', 'Platform team', ['iso:A.8.24']),
  m('Change management process', 'Engineering', 'IMPLEMENTED', 'Engineering manager', ['iso:A.8.32', 'iso:A.8.25', 'soc2:CC8.1'], 1),
  m('Annual risk assessment', 'Governance', 'IN_PROGRESS', 'CISO', ['isms:6.1.2', 'isms:8.2', 'soc2:CC3.1', 'soc2:CC3.2', 'soc2:CC3.4']),
  m('Records of processing register', 'Privacy', 'IN_PROGRESS', 'DPO', ['gdpr:Art. 30']),
  m('DPIA procedure', 'Privacy', 'NOT_STARTED', 'DPO', ['gdpr:Art. 35', 'gdpr:Art. 36']),
  m('Privacy by design checklist', 'Privacy', 'NOT_STARTED', 'Engineering manager', ['gdpr:Art. 25', 'gdpr:Art. 5(1)(c)', 'iso:A.8.26']),
  m('Designated DPO', 'Privacy', 'IMPLEMENTED', 'Legal', ['gdpr:Art. 37', 'gdpr:Art. 38', 'gdpr:Art. 39'], 1),
  m('Clean desk policy', 'Physical', 'NOT_APPLICABLE', 'Facilities', []),
];
