import { exportOscalText } from '../oscal/export.js';
import { jsonFile, type PackageSection } from './sections.js';

/**
 * The framework's OSCAL system security plan and assessment results, as `/api/oscal/export`
 * builds them (and within its size limit), validated by the same exporters.
 */
export const oscalSection: PackageSection = {
  name: 'oscal',
  async build({ storage, organization, framework }) {
    const files = [];
    for (const model of ['system-security-plan', 'assessment-results'] as const) {
      const text = await exportOscalText({ storage, organization, model, frameworkId: framework.id });
      files.push({ path: `oscal/${model}.json`, mediaType: 'application/json', content: Buffer.from(text) });
    }
    return { files, summary: { models: ['system-security-plan', 'assessment-results'] } };
  },
};

/** getAuditReadiness of the framework at generation time: every control's state and gaps. */
export const readinessSection: PackageSection = {
  name: 'readiness',
  async build({ run, organization, framework }) {
    const readiness = (await run('getAuditReadiness', {
      organization_id: organization.id,
      framework_id: framework.id,
    })) as { readiness_percent: number; control_count: number };
    return {
      files: [jsonFile('readiness/audit-readiness.json', readiness)],
      summary: { readiness_percent: readiness.readiness_percent, control_count: readiness.control_count },
    };
  },
};
