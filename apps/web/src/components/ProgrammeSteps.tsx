import { registers } from '@comply/schemas/registers';
import { Link } from './Link.js';

/**
 * The ISO 27001 programme an organization walks to certification, in order, each step linking to
 * where it is recorded. Shown on the empty dashboard (docs/console.md, "Getting started").
 */
const STEPS: { title: string; what: string; to?: string }[] = [
  {
    title: 'Scope',
    what: 'Adopt ISO/IEC 27001:2022 (clauses 4–10 and Annex A) from the framework library.',
    to: '/frameworks/library',
  },
  { title: 'Assets', what: 'List the information assets in scope.', to: registers.assets.console.path },
  {
    title: 'Risks',
    what: 'Assess the risks to those assets, decide their treatment, accept what remains (acceptRisk).',
    to: registers.risks.console.path,
  },
  {
    title: 'Statement of Applicability',
    what: 'Decide every Annex A control with its reason, then approve the SoA as a version.',
    to: registers.frameworks.console.path,
  },
  {
    title: 'Policies',
    what: 'Write, approve and publish the policies, and have members acknowledge them.',
    to: registers.documents.console.path,
  },
  {
    title: 'Evidence',
    what: 'Implement the measures behind the controls and attach their evidence.',
    to: registers.measures.console.path,
  },
  {
    title: 'Internal audit',
    what: 'Plan and hold the internal audit; record its nonconformities.',
    to: registers.audits.console.path,
  },
  {
    title: 'Management review',
    what: 'Top management reviews the ISMS (clause 9.3) and decides.',
    to: registers.management_reviews.console.path,
  },
];

export function ProgrammeSteps() {
  return (
    <section className="card stack" aria-labelledby="programme-steps">
      <h3 id="programme-steps">The ISO 27001 programme, step by step</h3>
      <ol className="programme-steps">
        {STEPS.map((s) => (
          <li key={s.title}>
            {s.to ? <Link to={s.to}>{s.title}</Link> : <strong>{s.title}</strong>}
            <span className="hint"> — {s.what}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
