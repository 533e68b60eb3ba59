import { mention, ORGANIZATION_ARGUMENT, type PromptDefinition, step } from './prompt.js';

/** The controls of one framework that no implemented measure covers, and the measures behind. */
export const controlGapAnalysis: PromptDefinition = {
  name: 'controlGapAnalysis',
  title: 'Control gap analysis',
  description:
    "Find a framework's gaps: controls without an implemented measure, measures not finished, implemented measures without evidence.",
  arguments: [
    ORGANIZATION_ARGUMENT,
    {
      name: 'framework_id',
      description: 'The framework to analyse (fw_…), one of the organization’s.',
      required: true,
      completes: 'framework',
    },
    {
      name: 'family',
      description: 'Only this control family: its title or OSCAL group id, e.g. ac.',
      required: false,
    },
  ],
  check: ({ family }) =>
    family !== undefined && (family.trim() === '' || family.length > 200)
      ? { argument: 'family', message: '`family` must be a family title or group id of 1-200 characters.' }
      : undefined,
  task: ({ organization, framework, args }) =>
    `Analyse the control gaps of the framework ${JSON.stringify(framework?.name)} (${framework?.id}) in the organization ${JSON.stringify(organization.name)} (${organization.id})${args.family ? `, family ${args.family}` : ''}.`,
  steps: ({ organization, framework, args }) => {
    const organization_id = organization.id;
    const framework_id = framework?.id ?? '';
    return [
      step({
        tool: 'getFramework',
        args: { organization_id, id: framework_id },
        why: 'coverage of the whole framework and of each family.',
      }),
      step({
        tool: 'listFrameworkControls',
        args: {
          organization_id,
          framework_id,
          covered: false,
          ...(args.family ? { family: args.family } : {}),
        },
        why: 'the controls without an IMPLEMENTED measure, in document order; covered_via_mapping shows where a covered control of another framework maps to it.',
      }),
      step({
        tool: 'listMeasures',
        args: { organization_id, framework_id, state: ['NOT_STARTED', 'IN_PROGRESS'] },
        why: 'measures for this framework that are planned or under way, with their owners.',
      }),
      step({
        tool: 'listMeasures',
        args: { organization_id, framework_id, state: ['IMPLEMENTED'], has_evidence: false },
        why: 'implemented measures that still lack evidence.',
      }),
    ];
  },
  report: () =>
    [
      'Then summarise the gaps per family (uncovered controls, unfinished measures, missing evidence), and propose for each uncovered control an existing measure to extend or a new one.',
      `Create or link measures only when asked (${mention('addMeasure', 'controls')}, or ${mention('updateMeasure', 'controls')}).`,
    ].join(' '),
};
