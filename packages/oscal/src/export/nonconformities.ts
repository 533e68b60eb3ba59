import { stableUuid } from '../uuid.js';
import { complyProps, dateTime, oneLine, toToken } from './common.js';
import type { MeasureInput, NonconformityInput } from './inputs.js';
import { measureUuid } from './measures.js';

/** What a nonconformity's finding targets: its measure's first control in the framework, when known. */
export type ControlOf = (args: { measureId: string; frameworkId: string | null }) => string | null;

/** The uuid of the observation recording a nonconformity (the same in assessment results and POA&M). */
export function nonconformityObservationUuid(nc: { id: string }): string {
  return stableUuid({ kind: 'nonconformity-observation', id: nc.id });
}

/** The uuid of the finding recording a nonconformity. */
export function nonconformityFindingUuid(nc: { id: string }): string {
  return stableUuid({ kind: 'nonconformity', id: nc.id });
}

function ncProps(nc: NonconformityInput) {
  return complyProps({
    'nonconformity-id': nc.id,
    reference: nc.reference,
    severity: nc.severity,
    status: nc.status,
    owner: nc.owner,
    'date-identified': nc.date_identified,
    'due-date': nc.due_date,
  });
}

/** A nonconformity as an observation (what was seen, when, on which measure). */
export function nonconformityObservation({
  nc,
  measures,
}: {
  nc: NonconformityInput;
  measures: Map<string, MeasureInput>;
}) {
  const measure = nc.measure_id === null ? undefined : measures.get(nc.measure_id);
  return {
    uuid: nonconformityObservationUuid(nc),
    title: oneLine(`${nc.reference}: ${nc.title}`),
    description: nc.description ?? nc.title,
    props: ncProps(nc),
    methods: ['EXAMINE'],
    types: ['finding'],
    ...(measure
      ? {
          subjects: [
            { 'subject-uuid': measureUuid(measure), type: 'component', title: oneLine(measure.name) },
          ],
        }
      : {}),
    collected: dateTime(nc.date_identified),
  };
}

/** A nonconformity as a finding: not satisfied while open, satisfied once closed. */
export function nonconformityFinding(args: {
  nc: NonconformityInput;
  frameworkId: string | null;
  controlOf: ControlOf;
}) {
  const { nc } = args;
  const controlId =
    nc.measure_id === null
      ? null
      : args.controlOf({ measureId: nc.measure_id, frameworkId: args.frameworkId });
  const closed = nc.status === 'CLOSED';
  return {
    uuid: nonconformityFindingUuid(nc),
    title: oneLine(`${nc.reference}: ${nc.title}`),
    description: nc.description ?? nc.title,
    props: ncProps(nc),
    target: {
      type: controlId ? 'statement-id' : 'objective-id',
      'target-id': controlId ? `${controlId}_smt` : toToken(nc.reference),
      status: {
        state: closed ? 'satisfied' : 'not-satisfied',
        ...(closed && nc.closed_at ? { remarks: `Closed at ${nc.closed_at}.` } : {}),
      },
    },
    'related-observations': [{ 'observation-uuid': nonconformityObservationUuid(nc) }],
    ...(nc.root_cause || nc.corrective_action
      ? {
          remarks: [
            nc.root_cause && `Root cause: ${nc.root_cause}`,
            nc.corrective_action && `Corrective action: ${nc.corrective_action}`,
          ]
            .filter(Boolean)
            .join('\n\n'),
        }
      : {}),
  };
}
