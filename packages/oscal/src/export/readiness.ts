import { stableUuid } from '../uuid.js';
import { complyProps, oneLine } from './common.js';
import type { FrameworkInput, ReadinessInput } from './inputs.js';

type Json = Record<string, unknown>;
type ControlState = ReadinessInput['controls'][number];

const REASON_TEXT: Record<string, string> = {
  NO_MEASURE: 'no measure satisfies it',
  NOT_IMPLEMENTED: 'no measure on it is implemented',
  UNJUSTIFIED_NOT_APPLICABLE: 'a measure is marked not applicable without a justification',
  NO_EVIDENCE: 'an implemented measure has no evidence',
  EVIDENCE_EXPIRED: "an implemented measure's evidence has expired",
  OPEN_NONCONFORMITY: 'an open major or minor nonconformity is recorded on one of its measures',
};

function describe(control: ControlState): string {
  if (control.state === 'READY') {
    return 'Ready: an implemented measure with current evidence, and no open nonconformity.';
  }
  if (control.state === 'EXCLUDED') {
    const why = control.exclusions.map((x) => `${x.measure_name}: ${x.justification}`).join('; ');
    return `Excluded from readiness as not applicable (${why}).`;
  }
  return `Not ready: ${control.gap_reasons.map((r) => REASON_TEXT[r] ?? r).join('; ')}.`;
}

/**
 * A control's readiness as a finding on its statement: READY is satisfied, GAP not satisfied
 * (the reasons in props and the description), EXCLUDED satisfied with reason "other" and the
 * justification (OSCAL has no "not applicable" status); the `readiness` prop carries the state.
 */
function readinessFinding(args: { frameworkId: string; control: ControlState; oscalId: string }): Json {
  const { control } = args;
  const description = describe(control);
  return {
    uuid: stableUuid({ kind: 'readiness-finding', id: `${args.frameworkId}\u0000${control.code}` }),
    title: oneLine(`${control.code}: ${control.state}`),
    description,
    props: complyProps({
      'control-code': control.code,
      readiness: control.state,
      'gap-reasons': control.gap_reasons.join(' '),
    }),
    target: {
      type: 'statement-id',
      'target-id': `${args.oscalId}_smt`,
      status: {
        state: control.state === 'GAP' ? 'not-satisfied' : 'satisfied',
        ...(control.state === 'EXCLUDED' ? { reason: 'other', remarks: oneLine(description) } : {}),
      },
    },
  };
}

/** One result per framework: the readiness of each of its controls, dated `start`. */
export function readinessResults(args: {
  readiness: ReadinessInput[];
  frameworks: FrameworkInput[];
  oscalIdOf: (frameworkId: string, code: string) => string | undefined;
  start: string;
}): Json[] {
  return args.readiness.flatMap((entry) => {
    const framework = args.frameworks.find((f) => f.id === entry.framework_id);
    if (!framework || entry.controls.length === 0) return [];
    const count = (state: ControlState['state']) => entry.controls.filter((c) => c.state === state).length;
    return [
      {
        uuid: stableUuid({ kind: 'readiness', id: framework.id }),
        title: oneLine(`Audit readiness: ${framework.name}`),
        description: `Each control's audit readiness as Comply computes it: ${count('READY')} ready, ${count('GAP')} not ready, ${count('EXCLUDED')} excluded as not applicable.`,
        start: args.start,
        props: complyProps({ 'framework-id': framework.id }),
        'reviewed-controls': {
          description: `The controls of ${framework.name}.`,
          'control-selections': [{ 'include-all': {} }],
        },
        findings: entry.controls.map((control) =>
          readinessFinding({
            frameworkId: framework.id,
            control,
            oscalId: args.oscalIdOf(framework.id, control.code) ?? control.code.toLowerCase(),
          }),
        ),
      },
    ];
  });
}
