import { appendTo } from '../collections.js';
import { stableUuid } from '../uuid.js';
import { complyProp, frameworkResource, metadata, newest, oneLine, ownerParties } from './common.js';
import type { MeasureInput, SspExportInput } from './inputs.js';
import { IMPLEMENTATION_STATE, measureComponent, measureUuid, OWNER_ROLE, ownerRoles } from './measures.js';

/** The measures addressing each control code of the framework. */
function measuresByCode({ measures, frameworkId }: { measures: MeasureInput[]; frameworkId: string }) {
  const byCode = new Map<string, MeasureInput[]>();
  for (const measure of measures) {
    for (const link of measure.controls) {
      if (link.framework_id !== frameworkId) continue;
      appendTo({ map: byCode, key: link.control_code, value: measure });
    }
  }
  return byCode;
}

/**
 * A control's applicability as the Statement of Applicability decides it: a Comply `applicability`
 * property (applicable, not-applicable, undecided) and the justification as the requirement's remarks.
 */
function applicabilityOf(decision: { applicable: boolean; justification: string | null } | undefined) {
  const value = decision === undefined ? 'undecided' : decision.applicable ? 'applicable' : 'not-applicable';
  const why = decision?.justification?.trim();
  return {
    props: [complyProp({ name: 'applicability', value })],
    remarks: why ? `${decision?.applicable ? 'Applicable' : 'Not applicable'}: ${why}` : undefined,
  };
}

/**
 * One framework's system security plan: each measure is a component; each control an implemented
 * requirement with one by-component per measure carrying the measure's state and owner, and its
 * applicability from the Statement of Applicability.
 */
export function exportSystemSecurityPlan(input: SspExportInput): object {
  const { organization, framework } = input;
  const byCode = measuresByCode({ measures: input.measures, frameworkId: framework.id });
  const linked = input.measures.filter((measure) =>
    measure.controls.some((link) => link.framework_id === framework.id),
  );
  const thisSystem = stableUuid({ kind: 'system', id: organization.id });
  const resource = frameworkResource(framework);
  const parties = ownerParties({ owners: linked.map((m) => m.owner), organization });
  const controls = [...input.controls].sort((a, b) => a.position - b.position);
  const requirements = controls.map((control) => {
    const measures = byCode.get(control.code) ?? [];
    const applicability = applicabilityOf(input.applicability?.get(control.code));
    const remarks = [
      applicability.remarks,
      measures.length > 0 ? undefined : 'No measure addresses this control yet.',
    ]
      .filter(Boolean)
      .join('\n\n');
    return {
      uuid: stableUuid({ kind: 'implemented-requirement', id: `${framework.id}:${control.code}` }),
      'control-id': control.oscal_id,
      props: applicability.props,
      ...(measures.length > 0
        ? {
            'by-components': measures.map((measure) => ({
              'component-uuid': measureUuid(measure),
              uuid: stableUuid({ kind: 'by-component', id: `${framework.id}:${control.code}:${measure.id}` }),
              description: measure.description ?? measure.name,
              'implementation-status': { state: IMPLEMENTATION_STATE[measure.state] },
              ...ownerRoles({ owner: measure.owner, organization }),
            })),
          }
        : {}),
      ...(remarks ? { remarks } : {}),
    };
  });
  const lastModified = newest({
    times: [framework.updated_at, ...linked.map((m) => m.updated_at)],
    organization,
  });
  return {
    'system-security-plan': {
      uuid: stableUuid({ kind: 'system-security-plan', id: `${organization.id}:${framework.id}` }),
      metadata: metadata({
        title: `${organization.name}: system security plan for ${framework.name}`,
        lastModified,
        extra: {
          roles: [OWNER_ROLE],
          ...(parties.length > 0 ? { parties } : {}),
        },
      }),
      'import-profile': { href: `#${resource.uuid}` },
      'system-characteristics': {
        'system-ids': [{ 'identifier-type': 'https://ietf.org/rfc/rfc4122', id: thisSystem }],
        'system-name': oneLine(organization.name),
        description: `The information systems and processes of ${organization.name} in the scope of ${framework.name}.`,
        'system-information': {
          'information-types': [
            {
              title: 'Organizational information',
              description: `Information ${organization.name} processes.`,
            },
          ],
        },
        status: { state: 'operational' },
        'authorization-boundary': {
          description: `The organization ${organization.name} as recorded in Comply.`,
        },
      },
      'system-implementation': {
        users: [
          {
            uuid: stableUuid({ kind: 'user-role', id: `${organization.id}:${OWNER_ROLE.id}` }),
            title: OWNER_ROLE.title,
            'role-ids': [OWNER_ROLE.id],
          },
        ],
        components: [
          {
            uuid: thisSystem,
            type: 'this-system',
            title: oneLine(organization.name),
            description: `The organization ${organization.name}.`,
            status: { state: 'operational' },
          },
          ...linked.map((measure) => measureComponent({ measure, organization })),
        ],
      },
      'control-implementation': {
        description: `How the measures of ${organization.name} implement the controls of ${framework.name}.`,
        'implemented-requirements': requirements,
      },
      'back-matter': { resources: [resource] },
    },
  };
}
