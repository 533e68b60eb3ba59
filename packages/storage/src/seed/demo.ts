import type { OrganizationCounts } from '../accounts/organizations.js';
import type { Actor } from '../context.js';
import { addDays } from '../dates.js';
import type { Repositories } from '../repositories.js';
import type { Storage } from '../storage.js';
import { DEMO_ASSETS, seedAssets } from './demo-assets.js';
import { seedControlTests } from './demo-control-tests.js';
import { seedDocuments } from './demo-documents.js';
import { seedEvidenceFiles } from './demo-evidence.js';
import { DEMO_FRAMEWORKS, DEMO_MEASURES, type DemoFrameworkKey, frameworkData } from './demo-frameworks.js';
import { seedManagementReviews } from './demo-management-reviews.js';
import { acceptDemoRisks, seedStatementOfApplicability } from './demo-programme.js';
import { DEMO_AUDITS, DEMO_NONCONFORMITIES, DEMO_OBLIGATIONS, DEMO_VENDORS } from './demo-registers.js';
import { DEMO_RISKS } from './demo-risks.js';
import { seedTasks } from './demo-tasks.js';

type Day = (offset: number) => string;

/** Why the demo's NOT_APPLICABLE measures do not apply: readiness excludes their controls. */
const NOT_APPLICABLE_BECAUSE: Record<string, string> = {
  'Secure media disposal':
    'Fully remote company: no offices, servers or removable media of our own; the cloud providers dispose of storage media under their certifications (see supplier assessments).',
};

async function seedMeasures(args: {
  repos: Repositories;
  organizationId: string;
  actor: Actor;
  day: Day;
  frameworkIds: Record<DemoFrameworkKey, string>;
}) {
  const ids: string[] = [];
  for (const [index, measure] of DEMO_MEASURES.entries()) {
    const created = await args.repos.measures.create({
      organizationId: args.organizationId,
      actor: args.actor,
      data: {
        name: measure.name,
        category: measure.category,
        state: measure.state,
        applicability_justification: NOT_APPLICABLE_BECAUSE[measure.name] ?? null,
        owner: measure.owner,
        description: `${measure.name} (${measure.category.toLowerCase()}).`,
        controls: measure.controls.map((ref) => {
          const [key, code] = ref.split(':') as [DemoFrameworkKey, string];
          return { framework_id: args.frameworkIds[key], control_code: code };
        }),
        evidence: Array.from({ length: measure.evidence }, (_, n) => ({
          title: n === 0 ? `${measure.name} — approved document` : `${measure.name} — review record`,
          url: `https://intranet.example.com/evidence/${index + 1}-${n + 1}`,
          collected_at: `${args.day(-30 * (n + 1) - index)}T09:00:00.000Z`,
        })),
      },
    });
    ids.push(created.id);
  }
  return ids;
}

async function seedRegisters(args: {
  repos: Repositories;
  organizationId: string;
  actor: Actor;
  day: Day;
  measureIds: string[];
}) {
  const { repos, day } = args;
  const at = { organizationId: args.organizationId, actor: args.actor };
  const vendorIds = new Map<string, string>();
  for (const vendor of DEMO_VENDORS) {
    const { reviewed, offboarded, ...data } = vendor;
    const slug = vendor.name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const created = await repos.vendors.create({
      ...at,
      data: {
        ...data,
        status: offboarded ? 'OFFBOARDED' : 'ACTIVE',
        website: `https://www.${slug}.com`,
        last_reviewed_at: reviewed === null ? null : day(reviewed),
        contract_end: day(90 + ((slug.length * 37) % 600)),
        owner: vendor.risk_tier === 'CRITICAL' ? 'CISO' : 'Procurement',
        contact_email: `security@${slug}.com`,
      },
    });
    vendorIds.set(vendor.name, created.id);
  }
  const assetIds = await seedAssets({ repos, at, day, vendorIds });
  const riskIds = new Map<string, string>();
  for (const [index, risk] of DEMO_RISKS.entries()) {
    const [inherent_likelihood, inherent_impact] = risk.inherent;
    const [residual_likelihood, residual_impact] = risk.residual;
    // A risk becomes ACCEPTED (treatment ACCEPT) only through an acceptance (acceptDemoRisks,
    // after the SoA step): until then it is OPEN and undecided.
    const created = await repos.risks.create({
      ...at,
      data: {
        name: risk.name,
        category: risk.category,
        owner: risk.owner,
        status: risk.status === 'ACCEPTED' ? 'OPEN' : risk.status,
        treatment: risk.status === 'ACCEPTED' ? null : risk.treatment,
        inherent_likelihood,
        inherent_impact,
        residual_likelihood,
        residual_impact,
        review_date: risk.review === null ? null : day(risk.review),
        measure_ids: risk.measures.map((m) => args.measureIds[m] ?? ''),
        asset_ids: DEMO_ASSETS.flatMap((asset, a) =>
          asset.risks.includes(index) ? [assetIds[a] ?? ''] : [],
        ),
      },
    });
    riskIds.set(risk.name, created.id);
  }
  for (const { due, ...obligation } of DEMO_OBLIGATIONS) {
    await repos.obligations.create({
      ...at,
      data: {
        ...obligation,
        requirement: `${obligation.title}.`,
        due_date: due === null ? null : day(due),
        last_review_date: day(-45),
      },
    });
  }
  return riskIds;
}

async function seedAudits(args: {
  repos: Repositories;
  organizationId: string;
  actor: Actor;
  day: Day;
  frameworkIds: Record<DemoFrameworkKey, string>;
  measureIds: string[];
}) {
  const at = { organizationId: args.organizationId, actor: args.actor };
  const auditIds: string[] = [];
  for (const audit of DEMO_AUDITS) {
    const created = await args.repos.audits.create({
      ...at,
      data: {
        name: audit.name,
        framework_id: audit.framework === null ? null : args.frameworkIds[audit.framework],
        kind: audit.kind,
        auditor: audit.auditor,
        state: audit.state,
        start_date: args.day(audit.start),
        end_date: args.day(audit.start + audit.days),
        report_url: audit.report === null ? null : `https://intranet.example.com/audits/${audit.report}.pdf`,
      },
    });
    auditIds.push(created.id);
  }
  for (const nc of DEMO_NONCONFORMITIES) {
    await args.repos.nonconformities.create({
      ...at,
      data: {
        title: nc.title,
        severity: nc.severity,
        status: nc.status,
        audit_id: nc.audit === null ? null : (auditIds[nc.audit] ?? null),
        measure_id: nc.measure === null ? null : (args.measureIds[nc.measure] ?? null),
        date_identified: args.day(nc.identified),
        due_date: args.day(nc.due),
        root_cause: `${nc.rootCause}.`,
        corrective_action: `${nc.correctiveAction}.`,
        owner: 'CISO',
      },
    });
  }
}

/** What seedDemo created: the organization and how many records each register holds. */
export interface DemoSeed {
  organizationId: string;
  organizationName: string;
  counts: OrganizationCounts;
}

/**
 * Creates one realistic demo organization owned by `ownerUserId`: four frameworks adopted from the
 * built-in library (ISO/IEC 27001:2022 Annex A and clauses 4–10, the SOC 2 Trust Services Criteria,
 * GDPR), 30
 * measures with evidence, linked to real control codes of each, 40 risks, 15
 * vendors, 12 assets, 15 obligations, 8 audits (an ISO/IEC 27001 certification cycle among them), 9
 * nonconformities, 2 management reviews (one held, one planned), 2 published policies, 2 control
 * tests with runs over the last half-year, and tasks
 * (two made by hand, the others generated from those records' dates); the ISO 27001 Annex A
 * Statement of Applicability decided for every control and approved as version 1, and the accepted
 * risks' acceptance records. Dates are relative to the storage
 * clock's today, so there are always overdue and upcoming items. Everything goes through the
 * repositories in one transaction, so the audit log records it (action `seedDemo`, source `cli`
 * unless the console asked).
 */
export async function seedDemo(args: {
  storage: Storage;
  ownerUserId: string;
  organizationName?: string;
  source?: Extract<Actor['source'], 'cli' | 'console'>;
}): Promise<DemoSeed> {
  const actor: Actor = {
    userId: args.ownerUserId,
    tokenId: null,
    source: args.source ?? 'cli',
    action: 'seedDemo',
  };
  return args.storage.transaction(async (repos) => {
    const organization = await repos.organizations.create({
      name: args.organizationName ?? 'Northwind Health (demo)',
      description: 'Demo organization with realistic sample data in every register.',
      ownerUserId: args.ownerUserId,
      actor,
    });
    // The organization's creation time comes from the storage clock: its date is the seed's today.
    const today = organization.created_at.slice(0, 10);
    const day: Day = (offset) => addDays({ date: today, days: offset });
    const organizationId = organization.id;
    const frameworkIds = {} as Record<DemoFrameworkKey, string>;
    for (const key of Object.keys(DEMO_FRAMEWORKS) as DemoFrameworkKey[]) {
      frameworkIds[key] = (
        await repos.frameworks.create({ organizationId, actor, data: frameworkData(key) })
      ).id;
    }
    // The ISO 27001 programme, in the order a certification walks it: scope (the ISMS clauses
    // framework and the organization's description), assets and risks (seedRegisters), the
    // Statement of Applicability, risk acceptance, policies, evidence (on the measures), the
    // internal audit and the management review.
    const measureIds = await seedMeasures({ repos, organizationId, actor, day, frameworkIds });
    const riskIds = await seedRegisters({ repos, organizationId, actor, day, measureIds });
    await seedStatementOfApplicability({
      repos,
      db: repos.db,
      organizationId,
      actor,
      frameworkId: frameworkIds.iso,
    });
    await acceptDemoRisks({ repos, organizationId, actor, day, riskIds });
    await seedDocuments({ repos, organizationId, actor, frameworkId: frameworkIds.iso, measureIds });
    await seedAudits({ repos, organizationId, actor, day, frameworkIds, measureIds });
    await seedManagementReviews({ repos, organizationId, actor, day });
    await seedTasks({ repos, organizationId, ownerUserId: args.ownerUserId, actor, day });
    await seedEvidenceFiles({ repos, organizationId, actor, measureIds });
    await seedControlTests({ repos, organizationId, actor, measureIds, day });
    const counts = await repos.organizations.counts({ organizationId });
    return { organizationId, organizationName: organization.name, counts };
  });
}
