import { stableUuid } from '../uuid.js';
import { complyProps, oneLine, ownerUuid } from './common.js';
import type { MeasureInput, OrganizationInput } from './inputs.js';

/** Measure state → OSCAL implementation-status state. */
export const IMPLEMENTATION_STATE: Record<MeasureInput['state'], string> = {
  IMPLEMENTED: 'implemented',
  IN_PROGRESS: 'partial',
  NOT_STARTED: 'planned',
  NOT_APPLICABLE: 'not-applicable',
};

// Component status (operational status of the measure as a system component).
const COMPONENT_STATE: Record<MeasureInput['state'], string> = {
  IMPLEMENTED: 'operational',
  IN_PROGRESS: 'under-development',
  NOT_STARTED: 'under-development',
  NOT_APPLICABLE: 'other',
};

/** The role every measure owner holds in exported documents. */
export const OWNER_ROLE = { id: 'measure-owner', title: 'Measure owner' };

/** The uuid of a measure's component (the same in the SSP and as observation subject in assessment results). */
export function measureUuid(measure: { id: string }): string {
  return stableUuid({ kind: 'measure', id: measure.id });
}

/** The owner as a responsible role, or nothing. */
export function ownerRoles({
  owner,
  organization,
}: {
  owner: string | null;
  organization: OrganizationInput;
}) {
  if (owner === null || owner.trim() === '') return {};
  return {
    'responsible-roles': [{ 'role-id': OWNER_ROLE.id, 'party-uuids': [ownerUuid({ owner, organization })] }],
  };
}

/** A measure as an OSCAL system component of type process-procedure. */
export function measureComponent({
  measure,
  organization,
}: {
  measure: MeasureInput;
  organization: OrganizationInput;
}) {
  return {
    uuid: measureUuid(measure),
    type: 'process-procedure',
    title: oneLine(measure.name),
    description: measure.description ?? measure.name,
    props: complyProps({
      'measure-id': measure.id,
      'measure-state': measure.state,
      'updated-at': measure.updated_at,
    }),
    status: {
      state: COMPONENT_STATE[measure.state],
      ...(measure.state === 'NOT_APPLICABLE' ? { remarks: 'The measure is not applicable.' } : {}),
    },
    ...ownerRoles({ owner: measure.owner, organization }),
  };
}
