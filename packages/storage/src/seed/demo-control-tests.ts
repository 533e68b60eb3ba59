import type { ControlTestFrequency, TestRunResult } from '@comply/schemas';
import type { Actor } from '../context.js';
import type { Repositories } from '../repositories.js';
import { DEMO_MEASURES } from './demo-frameworks.js';

/** A demo run; its period is days from the seed's today. */
interface DemoRun {
  from: number;
  to: number;
  samples: number;
  result: TestRunResult;
  exceptions?: string[];
}

/** A demo test plan of a demo measure (by name) and its runs, oldest first. */
interface DemoControlTest {
  measure: string;
  title: string;
  procedure: string;
  frequency: ControlTestFrequency;
  population: string;
  sampleSize: number;
  runs: DemoRun[];
}

/** Two test plans with a half-year of runs, one with an exception. */
export const DEMO_CONTROL_TESTS: DemoControlTest[] = [
  {
    measure: 'Quarterly access reviews',
    title: 'Leavers disabled within one day',
    procedure: 'Sample leavers from the HR system; check each SSO account was disabled within one day.',
    frequency: 'QUARTERLY',
    population: 'Leavers in the quarter (HR system export)',
    sampleSize: 25,
    runs: [
      { from: -181, to: -92, samples: 25, result: 'PASSED' },
      {
        from: -91,
        to: -1,
        samples: 25,
        result: 'PASSED_WITH_EXCEPTIONS',
        exceptions: ['One contractor account disabled after three days.'],
      },
    ],
  },
  {
    measure: 'Vulnerability scanning',
    title: 'Critical findings fixed within SLA',
    procedure: 'Take the month’s critical scanner findings; check each was fixed within 14 days.',
    frequency: 'MONTHLY',
    population: 'Critical findings of the month',
    sampleSize: 10,
    runs: [{ from: -30, to: -1, samples: 10, result: 'PASSED' }],
  },
];

/** Seeds the demo organization's control tests and their runs, performed by the owner. */
export async function seedControlTests(args: {
  repos: Repositories;
  organizationId: string;
  actor: Actor;
  measureIds: string[];
  day: (offset: number) => string;
}): Promise<void> {
  const { repos, organizationId, actor, day } = args;
  for (const plan of DEMO_CONTROL_TESTS) {
    const measureId = args.measureIds[DEMO_MEASURES.findIndex((m) => m.name === plan.measure)];
    if (!measureId) throw new Error(`No demo measure ${plan.measure}.`);
    const test = await repos.control_tests.create({
      organizationId,
      actor,
      data: {
        measure_id: measureId,
        title: plan.title,
        procedure: plan.procedure,
        frequency: plan.frequency,
        population: plan.population,
        sample_size: plan.sampleSize,
        owner: 'CISO',
      },
    });
    for (const run of plan.runs) {
      await repos.control_tests.recordRun({
        organizationId,
        actor,
        controlTestId: test.id,
        periodStart: day(run.from),
        periodEnd: day(run.to),
        samplesTested: run.samples,
        result: run.result,
        exceptions: run.exceptions,
      });
    }
  }
}
