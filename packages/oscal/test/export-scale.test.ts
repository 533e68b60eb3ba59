import { describe, expect, it } from 'vitest';
import {
  exportAssessmentResults,
  exportCatalog,
  exportMappingCollection,
  exportPoam,
  exportSystemSecurityPlan,
  validateOscal,
} from '../src/index.js';
import { iso } from './export-fixture.js';
import { nistOrganization } from './scale-fixture.js';

const org = nistOrganization();

describe('exports at the size of the full NIST SP 800-53 framework with 500 measures', () => {
  it('has the intended size', () => {
    expect(org.controls).toHaveLength(424);
    expect(org.measures).toHaveLength(500);
  });

  it.each([
    [
      'catalog',
      () =>
        exportCatalog({ organization: org.organization, framework: org.framework, controls: org.controls }),
    ],
    [
      'system-security-plan',
      () =>
        exportSystemSecurityPlan({
          organization: org.organization,
          framework: org.framework,
          controls: org.controls,
          measures: org.measures,
        }),
    ],
    [
      'assessment-results',
      () =>
        exportAssessmentResults({
          organization: org.organization,
          frameworks: [org.framework],
          controls: org.controlIds,
          measures: org.measures,
          audits: org.audits,
          nonconformities: org.nonconformities,
          readiness: org.readiness,
        }),
    ],
    [
      'plan-of-action-and-milestones',
      () =>
        exportPoam({
          organization: org.organization,
          measures: org.measures,
          nonconformities: org.nonconformities,
          risks: org.risks,
        }),
    ],
    [
      'mapping-collection',
      () =>
        exportMappingCollection({
          organization: org.organization,
          frameworks: [org.framework, iso],
          mappings: org.controls.slice(0, 300).map((control, i) => ({
            id: `map_${i}`,
            source_framework_id: org.framework.id,
            target_framework_id: iso.id,
            relationship: (['equivalent-to', 'subset-of', 'superset-of', 'intersects-with'] as const)[i % 4]!,
            source_ids: [control.oscal_id],
            target_ids: [`a.5.${1 + (i % 37)}`],
            remarks: null,
            updated_at: '2026-11-01T00:00:00.000Z',
          })),
        }),
    ],
  ])('%s validates against the OSCAL schema', (model, build) => {
    const doc = build();
    const result = validateOscal(doc);
    expect(result).toEqual({ ok: true, model });
  });

  it('the SSP has one implemented requirement per control and a component per linked measure', () => {
    const doc = exportSystemSecurityPlan({
      organization: org.organization,
      framework: org.framework,
      controls: org.controls,
      measures: org.measures,
    }) as {
      'system-security-plan': {
        'control-implementation': { 'implemented-requirements': unknown[] };
        'system-implementation': { components: unknown[] };
      };
    };
    expect(doc['system-security-plan']['control-implementation']['implemented-requirements']).toHaveLength(
      424,
    );
    expect(doc['system-security-plan']['system-implementation'].components).toHaveLength(501);
  });
});
