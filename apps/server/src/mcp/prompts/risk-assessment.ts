import { integerArgument, mention, ORGANIZATION_ARGUMENT, type PromptDefinition, step } from './prompt.js';

const DEFAULT_MIN_SCORE = 16;

const minScore = (args: Readonly<Record<string, string>>) =>
  Number(args.min_residual_score ?? DEFAULT_MIN_SCORE);

/** High residual risks, what mitigates them, and what does not yet. */
export const riskAssessment: PromptDefinition = {
  name: 'riskAssessment',
  title: 'Risk assessment',
  description:
    'Review the risks with a high residual score and their mitigation: which measures treat them, which are not implemented, which risks have none.',
  arguments: [
    ORGANIZATION_ARGUMENT,
    {
      name: 'min_residual_score',
      description: `Lowest residual score (1-25) that counts as high; default ${DEFAULT_MIN_SCORE}.`,
      required: false,
    },
  ],
  check: (args) => integerArgument({ args, name: 'min_residual_score', min: 1, max: 25 }),
  task: ({ organization, args }) =>
    `Assess the high risks of the organization ${JSON.stringify(organization.name)} (${organization.id}): the risks with a residual score of ${minScore(args)} or more, and how well they are mitigated.`,
  steps: ({ organization, args }) => {
    const organization_id = organization.id;
    const min_residual_score = minScore(args);
    return [
      step({
        tool: 'listRisks',
        args: { organization_id, min_residual_score, status: ['OPEN', 'IN_TREATMENT'] },
        why: 'the open high risks, highest residual score first, each with its mitigation_status.',
      }),
      step({
        tool: 'listRisks',
        args: {
          organization_id,
          min_residual_score,
          status: ['OPEN', 'IN_TREATMENT'],
          has_mitigation: false,
        },
        why: 'those no measure mitigates at all.',
      }),
      step({
        tool: 'listMeasures',
        args: { organization_id },
        forEach: { step: 1, noun: 'risk', key: 'risk_id' },
        why: 'the measures mitigating it, with their state and evidence.',
      }),
      step({
        tool: 'listRisks',
        args: { organization_id, min_residual_score, status: ['ACCEPTED'] },
        why: 'high risks that were accepted rather than treated, to confirm the acceptance still holds.',
      }),
    ];
  },
  report: () =>
    [
      'Then report, per risk: its residual score, treatment and mitigation_status; the measures that are not IMPLEMENTED or lack evidence; and what to do next.',
      `Rank the risks without any measure first. Propose changes; make them only when asked (${mention('updateRisk', 'measure_ids')}, or ${mention('addMeasure', 'risk_ids')}).`,
    ].join(' '),
};
