import { ORGANIZATION_ARGUMENT, type PromptDefinition, step } from './prompt.js';

/** Everything to fix or show before an audit against one framework. */
export const auditPreparation: PromptDefinition = {
  name: 'auditPreparation',
  title: 'Audit preparation',
  description:
    'Prepare an audit against a framework: readiness, the gaps to close, open nonconformities, overdue obligations and the audits planned.',
  arguments: [
    ORGANIZATION_ARGUMENT,
    {
      name: 'framework_id',
      description: 'The framework audited (fw_…), one of the organization’s.',
      required: true,
      completes: 'framework',
    },
  ],
  task: ({ organization, framework, today }) =>
    `Prepare the organization ${JSON.stringify(organization.name)} (${organization.id}) for an audit against ${JSON.stringify(framework?.name)} (${framework?.id}), as of ${today}.`,
  steps: ({ organization, framework }) => {
    const organization_id = organization.id;
    const framework_id = framework?.id ?? '';
    return [
      step({
        tool: 'getAuditReadiness',
        args: { organization_id, framework_id, top_n: 25 },
        why: 'readiness_percent, readiness per family and the first gaps of each kind.',
      }),
      step({
        tool: 'listFrameworkControls',
        args: { organization_id, framework_id, covered: false },
        why: 'every control without an IMPLEMENTED measure (the full gap list).',
      }),
      step({
        tool: 'listMeasures',
        args: { organization_id, framework_id, state: ['IMPLEMENTED'], has_evidence: false },
        why: 'implemented measures an auditor will ask evidence for.',
      }),
      step({
        tool: 'listNonconformities',
        args: { organization_id, open: true },
        why: 'open nonconformities, newest first; check their corrective actions and due dates.',
      }),
      step({
        tool: 'listObligations',
        args: { organization_id, overdue: true },
        why: 'overdue obligations.',
      }),
      step({
        tool: 'listAudits',
        args: { organization_id, framework_id, upcoming: true },
        why: 'the audits planned against this framework, with their dates.',
      }),
    ];
  },
  report: () =>
    'Then write an audit-readiness brief: the readiness figure, the gaps to close by family with owners, evidence to collect, nonconformities and obligations to settle before the audit date, in order of urgency.',
};
