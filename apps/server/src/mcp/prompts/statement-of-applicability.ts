import { mention, ORGANIZATION_ARGUMENT, type PromptDefinition, step } from './prompt.js';

/** Prepare (or review) a framework's Statement of Applicability, ready for approval. */
export const statementOfApplicability: PromptDefinition = {
  name: 'prepareStatementOfApplicability',
  title: 'Prepare the Statement of Applicability',
  description:
    'Prepare the Statement of Applicability of a framework (ISO 27001 Annex A): a decision and its reason for every control, from the risks, measures and readiness, ready to approve.',
  arguments: [
    ORGANIZATION_ARGUMENT,
    {
      name: 'framework_id',
      description: 'The framework whose SoA it is (fw_…), e.g. ISO/IEC 27001:2022 Annex A.',
      required: true,
      completes: 'framework',
    },
  ],
  task: ({ organization, framework, today }) =>
    `Prepare the Statement of Applicability of ${JSON.stringify(organization.name)} (${organization.id}) for ${JSON.stringify(framework?.name)} (${framework?.id}), as of ${today}.`,
  steps: ({ organization, framework }) => {
    const organization_id = organization.id;
    const framework_id = framework?.id ?? '';
    return [
      step({
        tool: 'getStatementOfApplicability',
        args: { organization_id, framework_id, page_size: 500 },
        why: 'every control with its decision, justification, owner, status and measures; the approved versions.',
      }),
      step({
        tool: 'getAuditReadiness',
        args: { organization_id, framework_id, top_n: 25 },
        why: 'which applicable controls are gaps and why.',
      }),
      step({
        tool: 'listRisks',
        args: { organization_id, status: ['OPEN', 'IN_TREATMENT', 'ACCEPTED'], page_size: 100 },
        why: 'the assessed risks: a control is included because it treats one of them (or a legal or contractual requirement).',
      }),
      step({
        tool: 'listMeasures',
        args: { organization_id, framework_id, page_size: 100 },
        why: 'the measures implementing the framework’s controls, with their state.',
      }),
    ];
  },
  report: () =>
    'Then propose a decision for every UNDECIDED control and check the decided ones: applicable with the reason of inclusion ' +
    '(the risks it treats, a legal, regulatory or contractual requirement), or excluded with a reason an auditor accepts ' +
    '(never "not relevant" alone), and an owner. Show the proposals as a table; once the user agrees, record them all in ' +
    `one call: ${mention('updateControlApplicability', 'controls')}. List the applicable controls that are gaps with what ` +
    'closes each. Finally, once management has agreed, an OWNER or ADMIN approves it as the next numbered version: ' +
    `${mention('approveStatementOfApplicability', 'note')} (the decision it follows).`,
};
