import type { Actor } from '../context.js';
import type { Db } from '../db/types.js';
import type { Repositories } from '../repositories.js';
import { DEMO_MEASURES } from './demo-frameworks.js';

type Day = (offset: number) => string;

/**
 * Annex A controls the demo organization excludes from its Statement of Applicability, with the
 * reason an auditor reads: it works fully remote, without offices or premises of its own.
 */
export const DEMO_SOA_EXCLUSIONS: Record<string, string> = {
  'A.7.1': 'Fully remote company: no offices or premises of our own, so no physical security perimeter.',
  'A.7.2': 'Fully remote company: no premises with physical entry points to control.',
  'A.7.3': 'Fully remote company: no offices, rooms or facilities to secure.',
  'A.7.6': 'Fully remote company: no secure areas; production runs at certified cloud providers.',
  'A.7.10':
    'Fully remote company: no removable storage media of our own; the cloud providers handle storage media (supplier assessments).',
  'A.7.14':
    'Fully remote company: no equipment of our own to dispose of; the cloud providers dispose of storage media under their certifications.',
};

/** Why a control is included: the demo measures implementing it, or the gap the treatment plan holds. */
function inclusionReason(code: string): string {
  const measures = DEMO_MEASURES.filter((m) => m.controls.includes(`iso:${code}`)).map((m) => m.name);
  return measures.length
    ? `Treats assessed risks; implemented by: ${measures.join(', ')}.`
    : 'Treats assessed risks (risk treatment plan); no measure implements it yet.';
}

/**
 * The Statement of Applicability step of the demo's ISO 27001 programme: a decision and its reason
 * for every Annex A control (a few physical controls excluded), approved as version 1 at the
 * management review.
 */
export async function seedStatementOfApplicability(args: {
  repos: Repositories;
  db: Db;
  organizationId: string;
  actor: Actor;
  frameworkId: string;
}): Promise<void> {
  const { repos, organizationId, actor, frameworkId } = args;
  const codes = await args.db
    .selectFrom('framework_controls')
    .select('code')
    .where('organization_id', '=', organizationId)
    .where('framework_id', '=', frameworkId)
    .orderBy('position')
    .execute();
  await repos.soa.update({
    organizationId,
    frameworkId,
    actor,
    controls: codes.map(({ code }) => {
      const excluded = DEMO_SOA_EXCLUSIONS[code];
      return excluded
        ? { code, applicable: false, justification: excluded, owner: 'CISO' }
        : { code, applicable: true, justification: inclusionReason(code), owner: 'CISO' };
    }),
  });
  await repos.soa.approve({
    organizationId,
    frameworkId,
    actor,
    note: 'Approved by top management at the ISMS management review.',
  });
}

/** The demo's accepted risks: each accepted by the owner, with conditions and an expiry ahead. */
const ACCEPTANCES: Record<string, { rationale: string; conditions: string; expires: number }> = {
  'Critical SaaS vendor goes out of business': {
    rationale: 'Vendor is financially sound (annual report reviewed); exit plan and data export tested.',
    conditions: 'Re-assess if the vendor is acquired or misses a quarterly SLA report.',
    expires: 180,
  },
  'Payment provider outage stops billing': {
    rationale: 'Outages are rare and short; billing can be retried without loss of revenue.',
    conditions: 'Holds while the provider keeps 99.95% availability.',
    expires: 365,
  },
  'Contractual SLA penalties': {
    rationale: 'Penalties are capped at 5% of the monthly fee; cheaper than a second region.',
    conditions: 'Review when a contract above 250k a year is signed.',
    expires: 21,
  },
  'Open-source license violation': {
    rationale: 'Dependency licenses are scanned in CI; remaining exposure is low.',
    conditions: 'License scan stays blocking in CI.',
    expires: 240,
  },
};

/** The risk-acceptance step: the demo's ACCEPTED risks get their acceptance record (acceptRisk). */
export async function acceptDemoRisks(args: {
  repos: Repositories;
  organizationId: string;
  actor: Actor;
  day: Day;
  riskIds: ReadonlyMap<string, string>;
}): Promise<void> {
  for (const [name, acceptance] of Object.entries(ACCEPTANCES)) {
    const riskId = args.riskIds.get(name);
    if (!riskId) continue;
    await args.repos.riskAcceptances.accept({
      organizationId: args.organizationId,
      actor: args.actor,
      role: 'OWNER',
      riskId,
      rationale: acceptance.rationale,
      conditions: acceptance.conditions,
      expiresOn: args.day(acceptance.expires),
    });
  }
}
