import { OscalExportError } from '../errors.js';
import { stableUuid } from '../uuid.js';
import { complyProps, metadata, newest, oneLine } from './common.js';
import type { PoamExportInput } from './inputs.js';
import {
  nonconformityFinding,
  nonconformityFindingUuid,
  nonconformityObservation,
  nonconformityObservationUuid,
} from './nonconformities.js';
import { isUntreated, oscalRisk, riskUuid } from './risks.js';

/** Open nonconformities and untreated risks as poam-items (with their findings, observations and risks). */
export function exportPoam(input: PoamExportInput): object {
  const { organization } = input;
  const ncs = input.nonconformities.filter((nc) => nc.status !== 'CLOSED');
  const risks = input.risks.filter(isUntreated);
  if (ncs.length === 0 && risks.length === 0) {
    throw new OscalExportError(
      'nothing to put in a plan of action and milestones: no open nonconformity and no untreated risk (OSCAL requires at least one poam-item)',
    );
  }
  const measures = new Map(input.measures.map((m) => [m.id, m]));
  const orgParty = {
    uuid: stableUuid({ kind: 'organization', id: organization.id }),
    type: 'organization',
    name: oneLine(organization.name),
  };
  const items = [
    ...ncs.map((nc) => ({
      uuid: stableUuid({ kind: 'poam-item', id: nc.id }),
      title: oneLine(`${nc.reference}: ${nc.title}`),
      description: nc.description ?? nc.title,
      props: complyProps({
        'nonconformity-id': nc.id,
        severity: nc.severity,
        status: nc.status,
        owner: nc.owner,
        'due-date': nc.due_date,
      }),
      'related-findings': [{ 'finding-uuid': nonconformityFindingUuid(nc) }],
      'related-observations': [{ 'observation-uuid': nonconformityObservationUuid(nc) }],
      ...(nc.corrective_action ? { remarks: `Corrective action: ${nc.corrective_action}` } : {}),
    })),
    ...risks.map((risk) => ({
      uuid: stableUuid({ kind: 'poam-item', id: risk.id }),
      title: oneLine(risk.name),
      description: risk.description ?? risk.name,
      props: complyProps({
        'risk-id': risk.id,
        status: risk.status,
        treatment: risk.treatment,
        owner: risk.owner,
        'review-date': risk.review_date,
      }),
      'related-risks': [{ 'risk-uuid': riskUuid(risk) }],
    })),
  ];
  const lastModified = newest({
    times: [...ncs.map((nc) => nc.updated_at), ...risks.map((r) => r.updated_at)],
    organization,
  });
  return {
    'plan-of-action-and-milestones': {
      uuid: stableUuid({ kind: 'poam', id: organization.id }),
      metadata: metadata({
        title: `${organization.name}: plan of action and milestones`,
        lastModified,
        extra: { parties: [orgParty] },
      }),
      ...(ncs.length > 0
        ? {
            observations: ncs.map((nc) => nonconformityObservation({ nc, measures })),
            findings: ncs.map((nc) => nonconformityFinding({ nc, frameworkId: null, controlOf: () => null })),
          }
        : {}),
      ...(risks.length > 0
        ? { risks: risks.map((risk) => oscalRisk({ risk, measures, organizationUuid: orgParty.uuid })) }
        : {}),
      'poam-items': items,
    },
  };
}
