import type { Actor } from '../context.js';
import type { Repositories } from '../repositories.js';
import { DEMO_MEASURES } from './demo-frameworks.js';

/** A demo policy: published version 1, approved and acknowledged by the demo owner. */
interface DemoDocument {
  title: string;
  control: string;
  measure: string;
  content: string;
}

/** Two published policies of the ISO 27001 programme (the first by title is the tools' example). */
export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    title: 'Acceptable use policy',
    control: 'A.5.10',
    measure: 'Information security policy',
    content: [
      '# Acceptable use policy',
      '',
      'Applies to everyone who uses Northwind Health devices, accounts or data.',
      '',
      '## Rules',
      '',
      '- Use company accounts for company work only; never share credentials.',
      '- Lock your screen when you leave your device; laptops lock after ten minutes.',
      '- Store patient data only in approved systems (see the data classification standard).',
      '- Report a lost device or a suspected incident to security@northwind.example at once.',
    ].join('\n'),
  },
  {
    title: 'Information security policy',
    control: 'A.5.1',
    measure: 'Information security policy',
    content: [
      '# Information security policy',
      '',
      'Management commits to protect the confidentiality, integrity and availability of the',
      'information entrusted to Northwind Health, to meet legal and contractual requirements',
      'and to improve the ISMS continually (ISO/IEC 27001:2022).',
      '',
      '## Objectives',
      '',
      '1. No critical security incident affecting patient data.',
      '2. Every employee completes security awareness training each year.',
      '3. Risks above the acceptance threshold have a treatment plan within 30 days.',
      '',
      '## Roles',
      '',
      'The CISO owns this policy and reviews it every year; every manager applies it in their team.',
    ].join('\n'),
  },
];

/** Seeds the demo organization's policies: written, approved, published, acknowledged by the owner. */
export async function seedDocuments(args: {
  repos: Repositories;
  organizationId: string;
  actor: Actor;
  frameworkId: string;
  measureIds: string[];
}): Promise<void> {
  const { repos, organizationId, actor } = args;
  const owner = actor.userId ? await repos.users.get({ id: actor.userId }) : null;
  if (!owner) return;
  for (const doc of DEMO_DOCUMENTS) {
    const measureId = args.measureIds[DEMO_MEASURES.findIndex((m) => m.name === doc.measure)];
    const created = await repos.documents.create({
      organizationId,
      actor,
      data: {
        title: doc.title,
        kind: 'POLICY',
        owner: 'CISO',
        review_interval_months: 12,
        approvers: [owner.email],
        controls: [{ framework_id: args.frameworkId, control_code: doc.control }],
        measure_ids: measureId ? [measureId] : [],
        content: doc.content,
        change_note: 'First version.',
      },
    });
    const id = created.id;
    await repos.documents.update({ organizationId, actor, id, patch: { status: 'IN_REVIEW' } });
    const hash = created.versions[0]!.content_hash;
    await repos.documents.approve({ organizationId, actor, id, version: 1, contentHash: hash });
    await repos.documents.update({ organizationId, actor, id, patch: { status: 'PUBLISHED' } });
    await repos.documents.acknowledge({ organizationId, actor, id });
  }
}
