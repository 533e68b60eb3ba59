import { stableUuid } from '../uuid.js';
import { complyProps, dateTime, frameworkResource, metadata, newest, oneLine } from './common.js';
import type {
  AssessmentResultsExportInput,
  AuditInput,
  MeasureInput,
  NonconformityInput,
  TestRunInput,
} from './inputs.js';
import { measureUuid } from './measures.js';
import { type ControlOf, nonconformityFinding, nonconformityObservation } from './nonconformities.js';
import { readinessResults } from './readiness.js';

type Json = Record<string, unknown>;

function controlLookup(input: AssessmentResultsExportInput): ControlOf {
  const oscalIds = new Map(input.controls.map((c) => [`${c.framework_id}\u0000${c.code}`, c.oscal_id]));
  const measures = new Map(input.measures.map((m) => [m.id, m]));
  return ({ measureId, frameworkId }) => {
    for (const link of measures.get(measureId)?.controls ?? []) {
      if (frameworkId !== null && link.framework_id !== frameworkId) continue;
      const id = oscalIds.get(`${link.framework_id}\u0000${link.control_code}`);
      if (id) return id;
    }
    return null;
  };
}

function nonconformitySection(args: {
  ncs: NonconformityInput[];
  frameworkId: string | null;
  input: AssessmentResultsExportInput;
}) {
  if (args.ncs.length === 0) return {};
  const measures = new Map(args.input.measures.map((m) => [m.id, m]));
  const controlOf = controlLookup(args.input);
  return {
    observations: args.ncs.map((nc) => nonconformityObservation({ nc, measures })),
    findings: args.ncs.map((nc) => nonconformityFinding({ nc, frameworkId: args.frameworkId, controlOf })),
  };
}

function reviewed(description: string) {
  return { description, 'control-selections': [{ 'include-all': {} }] };
}

function auditResult({ audit, input }: { audit: AuditInput; input: AssessmentResultsExportInput }): Json {
  const framework = input.frameworks.find((f) => f.id === audit.framework_id);
  const start = dateTime(audit.start_date ?? audit.updated_at);
  const ncs = input.nonconformities.filter((nc) => nc.audit_id === audit.id);
  const by = audit.auditor ? ` by ${audit.auditor}` : '';
  return {
    uuid: stableUuid({ kind: 'audit', id: audit.id }),
    title: oneLine(audit.name),
    description: `${audit.kind === 'EXTERNAL' ? 'External' : 'Internal'} audit${by}.${audit.notes ? `\n\n${audit.notes}` : ''}`,
    start,
    ...(audit.end_date && dateTime(audit.end_date) >= start ? { end: dateTime(audit.end_date) } : {}),
    props: complyProps({
      'audit-id': audit.id,
      kind: audit.kind,
      state: audit.state,
      auditor: audit.auditor,
    }),
    ...(audit.report_url
      ? { links: [{ href: audit.report_url, rel: 'reference', text: 'Audit report' }] }
      : {}),
    'reviewed-controls': reviewed(
      framework ? `The controls of ${framework.name}.` : 'The controls of every framework.',
    ),
    ...nonconformitySection({ ncs, frameworkId: audit.framework_id, input }),
  };
}

function evidenceObservations(measures: MeasureInput[]): Json[] {
  return measures.flatMap((measure) =>
    measure.evidence.map((evidence) => ({
      uuid: stableUuid({ kind: 'evidence', id: evidence.id }),
      title: oneLine(evidence.title),
      description: `Evidence for the measure "${measure.name}".`,
      methods: ['EXAMINE'],
      types: ['control-objective'],
      subjects: [{ 'subject-uuid': measureUuid(measure), type: 'component', title: oneLine(measure.name) }],
      'relevant-evidence': [{ ...(evidence.url ? { href: evidence.url } : {}), description: evidence.title }],
      collected: evidence.collected_at,
      // Current through its last day (UTC); expired evidence is a readiness gap.
      expires: `${evidence.valid_until}T23:59:59Z`,
      props: complyProps({
        'valid-until': evidence.valid_until,
        expired: evidence.expired ? 'true' : 'false',
      }),
    })),
  );
}

/** How a run's result reads in an observation's description. */
const RUN_RESULT: Record<TestRunInput['result'], string> = {
  PASSED: 'Passed',
  PASSED_WITH_EXCEPTIONS: 'Passed with exceptions',
  FAILED: 'Failed',
};

/**
 * Each control test run as an observation of its measure (method TEST): the period it covers, the
 * samples tested, the result and its exceptions, the evidence it names and the nonconformity it raised.
 */
function testRunObservations(runs: TestRunInput[], measures: Map<string, MeasureInput>): Json[] {
  return runs.map((run) => {
    const measure = measures.get(run.measure_id);
    const exceptions = run.exceptions.length > 0 ? ` Exceptions: ${run.exceptions.join('; ')}` : '';
    return {
      uuid: stableUuid({ kind: 'test-run', id: run.id }),
      title: oneLine(`${run.control_test_title}, ${run.period_start} to ${run.period_end}`),
      description: `${RUN_RESULT[run.result]}: ${run.samples_tested} samples tested over ${run.period_start} to ${run.period_end}.${exceptions}`,
      methods: ['TEST'],
      types: ['control-objective'],
      ...(measure
        ? {
            subjects: [
              { 'subject-uuid': measureUuid(measure), type: 'component', title: oneLine(measure.name) },
            ],
          }
        : {}),
      ...(run.evidence_ids.length > 0
        ? { 'relevant-evidence': run.evidence_ids.map((id) => ({ description: `Evidence ${id}` })) }
        : {}),
      collected: run.performed_at,
      props: complyProps({
        'control-test-id': run.control_test_id,
        'test-run-id': run.id,
        result: run.result,
        'period-start': run.period_start,
        'period-end': run.period_end,
        'samples-tested': run.samples_tested,
        'nonconformity-id': run.nonconformity_id,
      }),
    };
  });
}

/** A standing result (not an audit): its start is the earliest of its records. */
function standingResult(args: {
  kind: string;
  title: string;
  description: string;
  times: string[];
  org: string;
  body: Json;
}) {
  const times = [...args.times].sort();
  return {
    uuid: stableUuid({ kind: args.kind, id: args.org }),
    title: args.title,
    description: args.description,
    start: times[0]!,
    ...(times.length > 1 ? { end: times[times.length - 1] } : {}),
    'reviewed-controls': reviewed('The controls of every framework.'),
    ...args.body,
  };
}

/**
 * Audits and their nonconformities (findings + observations), the measures' evidence (observations,
 * with when each expires), the control test runs (observations, method TEST), and each framework's
 * control readiness (one finding per control).
 */
export function exportAssessmentResults(input: AssessmentResultsExportInput): object {
  const { organization } = input;
  const org = organization.id;
  const results: Json[] = input.audits.map((audit) => auditResult({ audit, input }));
  const unattached = input.nonconformities.filter((nc) => nc.audit_id === null);
  if (unattached.length > 0) {
    results.push(
      standingResult({
        kind: 'results-outside-audits',
        org,
        title: 'Nonconformities found outside audits',
        description: 'Nonconformities recorded without an audit.',
        times: unattached.map((nc) => dateTime(nc.date_identified)),
        body: nonconformitySection({ ncs: unattached, frameworkId: null, input }),
      }),
    );
  }
  const evidence = evidenceObservations(input.measures);
  if (evidence.length > 0) {
    results.push(
      standingResult({
        kind: 'results-evidence',
        org,
        title: 'Evidence on record',
        description: 'The evidence collected for the measures.',
        times: evidence.map((observation) => observation.collected as string),
        body: { observations: evidence },
      }),
    );
  }
  const runs = testRunObservations(input.testRuns ?? [], new Map(input.measures.map((m) => [m.id, m])));
  if (runs.length > 0) {
    results.push(
      standingResult({
        kind: 'results-control-tests',
        org,
        title: 'Control test runs',
        description:
          'The runs of the measures’ control tests: how each was tested over a period, and the result.',
        times: runs.map((observation) => observation.collected as string),
        body: { observations: runs },
      }),
    );
  }
  const lastModified = newest({
    times: [
      ...input.audits.map((a) => a.updated_at),
      ...input.nonconformities.map((nc) => nc.updated_at),
      ...input.measures.map((m) => m.updated_at),
      ...input.frameworks.map((f) => f.updated_at),
      ...(input.testRuns ?? []).map((r) => r.performed_at),
    ],
    organization,
  });
  const oscalIds = new Map(input.controls.map((c) => [`${c.framework_id}\u0000${c.code}`, c.oscal_id]));
  results.push(
    ...readinessResults({
      readiness: input.readiness,
      frameworks: input.frameworks,
      oscalIdOf: (frameworkId, code) => oscalIds.get(`${frameworkId}\u0000${code}`),
      start: lastModified,
    }),
  );
  if (results.length === 0) {
    results.push({
      uuid: stableUuid({ kind: 'results-empty', id: org }),
      title: 'No assessment activity on record',
      description: 'The organization has no audits, nonconformities or evidence yet.',
      start: lastModified,
      'reviewed-controls': reviewed('The controls of every framework.'),
    });
  }
  const plan = {
    uuid: stableUuid({ kind: 'assessment-plan', id: org }),
    title: oneLine(`${organization.name} audit programme`),
    description: 'Comply keeps audits rather than OSCAL assessment plans; each result below is one audit.',
  };
  return {
    'assessment-results': {
      uuid: stableUuid({ kind: 'assessment-results', id: org }),
      metadata: metadata({ title: `${organization.name}: assessment results`, lastModified }),
      'import-ap': { href: `#${plan.uuid}` },
      results,
      'back-matter': { resources: [plan, ...input.frameworks.map(frameworkResource)] },
    },
  };
}
