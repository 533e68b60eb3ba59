import type { DocumentSummary } from '@comply/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { contentHash } from '../src/registers/documents/workflow.js';
import { DRIVERS, fixedClock, openTestStorage, seedOrganization, testActor } from './helpers.js';
import { defineListTests } from './lists.js';

describe.each(DRIVERS)('documents on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  const clock = fixedClock('2026-06-15T12:00:00.000Z');
  let org: string;
  let owner: { id: string; email: string };
  let editor: { id: string; email: string };
  let all: DocumentSummary[] = [];
  const ownerActor = () => testActor(owner.id, 'documents');
  const editorActor = () => testActor(editor.id, 'documents');

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
    const seeded = await seedOrganization(storage);
    org = seeded.organization.id;
    owner = seeded.user;
    editor = await storage.users.create({ email: `editor-${name}@example.com`, password: 'correct horse' });
    await storage.memberships.add({
      organizationId: org,
      userId: editor.id,
      role: 'EDITOR',
      actor: ownerActor(),
    });
    const rows = [
      { title: 'Information security policy', kind: 'POLICY', content: '# ISP', owner: 'CISO' },
      {
        title: 'access control procedure',
        kind: 'PROCEDURE',
        description: 'Joiners, movers, leavers.',
        next_review_due: '2026-09-01',
      },
      { title: 'Backup standard', kind: 'STANDARD', next_review_due: '2026-01-01' },
      { title: 'Continuity plan', kind: 'PLAN', next_review_due: '2027-01-01' },
      {
        title: 'Data retention record',
        kind: 'RECORD',
        next_review_due: '2026-08-01',
        content: 'Kept 7 years.',
        approvers: [owner.email] as string[],
      },
    ] as const;
    const minutes = [3, 1, 5, 2, 4];
    for (const [index, data] of rows.entries()) {
      clock.set(`2026-06-15T13:0${minutes[index]}:00.000Z`);
      await storage.documents.create({ organizationId: org, actor: ownerActor(), data });
    }
    await storage.documents.create({
      organizationId: (await seedOrganization(storage, 'Other')).organization.id,
      actor: ownerActor(),
      data: { title: 'Alien policy', kind: 'POLICY' },
    });
    clock.set('2026-06-15T14:00:00.000Z');
    const first = (await storage.documents.list({ organizationId: org, pageSize: 100 })).items;
    for (const [title, patch] of [
      ['Continuity plan', { owner: 'COO' }],
      ['Data retention record', { status: 'IN_REVIEW' }],
      ['access control procedure', { owner: 'IT' }],
    ] as const) {
      clock.tick(60_000);
      const id = first.find((d) => d.title === title)!.id;
      await storage.documents.update({ organizationId: org, actor: ownerActor(), id, patch });
    }
    clock.set('2026-06-15T12:00:00.000Z');
    all = (await storage.documents.list({ organizationId: org, pageSize: 100 })).items;
  });
  afterAll(() => dispose());

  it('creates DRAFT documents, version 1 from content, lists summaries without content', async () => {
    expect(all).toHaveLength(5);
    const isp = all.find((d) => d.title === 'Information security policy')!;
    expect(isp).toMatchObject({ status: 'DRAFT', current_version: 1, published_version: null });
    expect(isp).not.toHaveProperty('content');
    expect(isp.id).toMatch(/^doc_/);
    const full = await storage.documents.get({ organizationId: org, id: isp.id });
    expect(full).toMatchObject({
      content: '# ISP',
      member_count: 2,
      acknowledged_count: 0,
      acknowledgement_coverage: 0,
      approvers: [],
    });
    expect(full!.versions).toEqual([
      expect.objectContaining({
        version: 1,
        content_hash: contentHash('# ISP'),
        approvals: [],
        approved: false,
      }),
    ]);
    expect(full!.versions[0]!.author).toBe(owner.email);
  });

  defineListTests<DocumentSummary>({
    state: () => ({ list: (p) => storage.documents.list(p), organizationId: org, all }),
    filters: [
      [{ kind: ['POLICY'] }, (d) => d.kind === 'POLICY'],
      [{ status: ['DRAFT'] }, (d) => d.status === 'DRAFT'],
      [{ status: ['IN_REVIEW', 'PUBLISHED'] }, (d) => d.title === 'Data retention record'],
      [{ kind: ['PLAN', 'RECORD'], review_overdue: false }, (d) => d.kind === 'PLAN' || d.kind === 'RECORD'],
      [{ review_overdue: true }, (d) => d.title === 'Backup standard'],
      [{ review_overdue: false }, (d) => d.title !== 'Backup standard'],
      [{ query: 'leavers' }, (d) => d.title === 'access control procedure'],
    ],
    orderings: [
      ['title', (d) => d.title.toLowerCase()],
      ['next_review_due', (d) => d.next_review_due],
    ],
    defaultOrder: { field: 'title', direction: 'asc' },
  });

  it('counts documents in the compliance report, an overdue review among them', async () => {
    const report = await storage.reports.complianceReport({ organizationId: org, topN: 5 });
    expect(report.documents).toEqual({ total: 5, published: 0, in_review: 1, review_overdue: 1 });
  });

  it('names approvers among OWNER/ADMIN members only, naming the bad entry', async () => {
    const draft = all.find((d) => d.kind === 'STANDARD')!;
    await expect(
      storage.documents.update({
        organizationId: org,
        actor: ownerActor(),
        id: draft.id,
        patch: { approvers: [owner.email, editor.email] },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'approvers.1' });
    await expect(
      storage.documents.update({
        organizationId: org,
        actor: ownerActor(),
        id: draft.id,
        patch: { approvers: ['nobody@example.com'] },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'approvers.0' });
  });

  it('walks DRAFT → IN_REVIEW → APPROVED → PUBLISHED, bound to the content hash, then a new version asks again', async () => {
    const isp = all.find((d) => d.title === 'Information security policy')!;
    const update = (patch: Record<string, unknown>) =>
      storage.documents.update({ organizationId: org, actor: ownerActor(), id: isp.id, patch });
    await expect(update({ status: 'IN_REVIEW' })).rejects.toMatchObject({ field: 'status' }); // no approver
    await expect(update({ status: 'APPROVED' })).rejects.toMatchObject({ field: 'status' });
    await expect(update({ status: 'PUBLISHED' })).rejects.toMatchObject({ field: 'status' });
    await update({ approvers: [owner.email], review_interval_months: 12 });
    expect((await update({ status: 'IN_REVIEW' })).status).toBe('IN_REVIEW');
    const approve = (version: number, hash: string, actor = ownerActor()) =>
      storage.documents.approve({ organizationId: org, id: isp.id, actor, version, contentHash: hash });
    await expect(approve(1, contentHash('# something else'))).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'content_hash',
    });
    await expect(approve(1, contentHash('# ISP'), editorActor())).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const approved = await approve(1, contentHash('# ISP'));
    expect(approved.status).toBe('APPROVED');
    expect(approved.versions[0]!.approvals).toEqual([
      expect.objectContaining({ approver: owner.email, content_hash: contentHash('# ISP') }),
    ]);
    // Not yet published: nothing to acknowledge.
    await expect(
      storage.documents.acknowledge({ organizationId: org, id: isp.id, actor: ownerActor() }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const published = await update({ status: 'PUBLISHED' });
    expect(published).toMatchObject({
      status: 'PUBLISHED',
      published_version: 1,
      next_review_due: '2027-06-15',
      published_at: '2026-06-15T12:00:00.000Z',
    });
    for (const actor of [ownerActor(), editorActor(), editorActor()]) {
      await storage.documents.acknowledge({ organizationId: org, id: isp.id, actor });
    }
    const read = await storage.documents.get({ organizationId: org, id: isp.id });
    expect(read).toMatchObject({ acknowledged_count: 2, acknowledgement_coverage: 100 });
    expect(read!.acknowledgements.map((a) => a.member).sort()).toEqual([editor.email, owner.email].sort());
    // An AUDITOR is outside the organization's policies: storage refuses its acknowledgement too.
    const auditor = await storage.users.create({
      email: `auditor-${name}@example.com`,
      password: 'correct horse',
    });
    await storage.memberships.add({
      organizationId: org,
      userId: auditor.id,
      role: 'AUDITOR',
      expiresAt: '2026-07-15T00:00:00.000Z',
      actor: ownerActor(),
    });
    await expect(
      storage.documents.acknowledge({
        organizationId: org,
        id: isp.id,
        actor: testActor(auditor.id, 'documents'),
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(update({ status: 'DRAFT' })).rejects.toMatchObject({ field: 'status' });

    const v2 = await storage.documents.addVersion({
      organizationId: org,
      id: isp.id,
      actor: editorActor(),
      content: '# ISP v2',
      changeNote: 'Scope widened.',
      submit: true,
    });
    // The published version stays in force, with its acknowledgements, until v2 is published.
    expect(v2).toMatchObject({
      status: 'IN_REVIEW',
      current_version: 2,
      published_version: 1,
      content: '# ISP v2',
    });
    expect(v2.acknowledgement_coverage).toBe(100);
    await expect(approve(1, contentHash('# ISP'))).resolves.toMatchObject({ status: 'IN_REVIEW' }); // replay of v1
    await expect(approve(2, contentHash('# ISP'))).rejects.toMatchObject({ field: 'content_hash' });
    await approve(2, contentHash('# ISP v2'));
    const republished = await update({ status: 'PUBLISHED' });
    expect(republished).toMatchObject({
      published_version: 2,
      acknowledged_count: 0,
      acknowledgement_coverage: 0,
    });
    await expect(
      storage.documents.acknowledge({ organizationId: org, id: isp.id, actor: editorActor(), version: 1 }),
    ).rejects.toMatchObject({ code: 'CONFLICT', field: 'version' });
    const half = await storage.documents.acknowledge({
      organizationId: org,
      id: isp.id,
      actor: editorActor(),
    });
    expect(half.acknowledgement_coverage).toBe(50);

    const retired = await update({ status: 'RETIRED' });
    expect(retired.review_overdue).toBe(false);
    await expect(update({ status: 'DRAFT' })).rejects.toMatchObject({ field: 'status' });
    await expect(
      storage.documents.addVersion({ organizationId: org, id: isp.id, actor: ownerActor(), content: 'x' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const log = await storage.auditLog.list({ organizationId: org, filters: { record_id: isp.id } });
    // create; approvers; review; approve; publish; 2 acknowledgements (the repeat writes nothing);
    // version 2; approve; publish; 1 acknowledgement; retire. Refused writes leave no entry.
    expect(log.items.map((entry) => entry.action)).toHaveLength(12);
  });

  it('never changes or removes a version', async () => {
    const isp = all.find((d) => d.title === 'Information security policy')!;
    const db = storage.db;
    await expect(
      db
        .updateTable('document_versions' as never)
        .set({ content: 'tampered' } as never)
        .where('document_id' as never, '=', isp.id as never)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .deleteFrom('document_versions' as never)
        .where('document_id' as never, '=', isp.id as never)
        .execute(),
    ).rejects.toThrow();
  });

  it('hides another organization’s documents', async () => {
    const other = await seedOrganization(storage, 'Third');
    const page = await storage.documents.list({ organizationId: other.organization.id, pageSize: 100 });
    expect(page.items).toEqual([]);
    await expect(
      storage.documents.get({ organizationId: other.organization.id, id: all[0]!.id }),
    ).resolves.toBeNull();
    await expect(
      storage.documents.acknowledge({
        organizationId: other.organization.id,
        id: all[0]!.id,
        actor: other.actor,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
