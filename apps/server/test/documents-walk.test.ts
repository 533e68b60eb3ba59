import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { callError, callOk, connectMcp } from './mcp-client.js';

type Member = Awaited<ReturnType<TestServer['addMember']>>;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(DRIVERS)('a policy written, approved, published and acknowledged over MCP (%s)', (driver) => {
  let server: TestServer;
  let owner: Member;
  let second: Member;
  let stranger: Member;
  let ownerClient: Client;
  let secondClient: Client;
  let strangerClient: Client;
  let organization_id: string;
  let document_id: string;
  const v1 = '# Information security policy\n\nWe protect the information entrusted to us.';
  const v2 = `${v1}\n\n## Remote work\n\nDevices are encrypted and lock after five minutes.`;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    owner = server.owner;
    organization_id = owner.organizationId;
    second = await server.addMember({ organizationId: organization_id, role: 'EDITOR' });
    stranger = await server.addMember();
    ownerClient = await connectMcp({ server });
    secondClient = await connectMcp({ server, token: second.token });
    strangerClient = await connectMcp({ server, token: stranger.token });
  });
  afterAll(async () => {
    for (const client of [ownerClient, secondClient, strangerClient]) await client?.close();
    await server?.stop();
  });

  it('writes the policy as a DRAFT with version 1 and its hash', async () => {
    const measure = await callOk({
      client: ownerClient,
      name: 'addMeasure',
      args: { organization_id, name: 'Security policy set' },
    });
    const doc = await callOk({
      client: secondClient,
      name: 'addDocument',
      args: {
        organization_id,
        title: 'Information security policy',
        kind: 'POLICY',
        owner: 'CISO',
        review_interval_months: 12,
        approvers: [owner.email],
        measure_ids: [measure.id],
        content: v1,
        change_note: 'First version.',
      },
    });
    document_id = doc.id;
    expect(doc).toMatchObject({
      status: 'DRAFT',
      current_version: 1,
      published_version: null,
      content: v1,
      approvers: [owner.email],
      measure_ids: [measure.id],
      member_count: 2,
      acknowledgement_coverage: 0,
    });
    expect(doc.versions).toEqual([
      expect.objectContaining({
        version: 1,
        content_hash: sha256(v1),
        author: second.email,
        approved: false,
      }),
    ]);
  });

  it('refuses bad transitions and approvals out of turn, naming what is allowed', async () => {
    const published = await callError(ownerClient, 'updateDocument', {
      id: document_id,
      status: 'PUBLISHED',
    });
    expect(published).toMatchObject({ code: 'INVALID_INPUT', field: 'status' });
    expect(published.message).toContain('from DRAFT it may go to IN_REVIEW, RETIRED');
    const approved = await callError(ownerClient, 'updateDocument', { id: document_id, status: 'APPROVED' });
    expect(approved.message).toContain('approveDocumentVersion');
    const early = await callError(ownerClient, 'approveDocumentVersion', {
      organization_id,
      document_id,
      version: 1,
      content_hash: sha256(v1),
    });
    expect(early).toMatchObject({ code: 'CONFLICT' });
    expect(early.message).toContain('IN_REVIEW');
    const ack = await callError(secondClient, 'acknowledgeDocument', { organization_id, document_id });
    expect(ack.message).toContain('no published version');
  });

  it('sends it for review; only the named approver approves, for themself, the content as read', async () => {
    const review = await callOk({
      client: secondClient,
      name: 'updateDocument',
      args: { id: document_id, status: 'IN_REVIEW' },
    });
    expect(review.status).toBe('IN_REVIEW');
    /** An approval of version 1 as read (`fields` change it) that must be refused. */
    const refusedApproval = (client: Client, fields: Record<string, unknown> = {}) =>
      callError(client, 'approveDocumentVersion', {
        organization_id,
        document_id,
        version: 1,
        content_hash: sha256(v1),
        ...fields,
      });
    // The second member (an EDITOR, not an approver) cannot approve, nor on the owner's behalf.
    expect((await refusedApproval(secondClient)).code).toBe('FORBIDDEN');
    expect(await refusedApproval(secondClient, { approver: owner.email })).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'approver',
    });
    expect(await refusedApproval(ownerClient, { content_hash: sha256('something else') })).toMatchObject({
      code: 'CONFLICT',
      field: 'content_hash',
    });
    const approved = await callOk({
      client: ownerClient,
      name: 'approveDocumentVersion',
      args: { organization_id, document_id, version: 1, content_hash: sha256(v1) },
    });
    expect(approved.status).toBe('APPROVED');
    expect(approved.versions[0].approvals).toEqual([
      expect.objectContaining({ approver: owner.email, content_hash: sha256(v1) }),
    ]);
  });

  it('publishes it; both members acknowledge; coverage reaches 100%', async () => {
    const published = await callOk({
      client: ownerClient,
      name: 'updateDocument',
      args: { id: document_id, status: 'PUBLISHED' },
    });
    expect(published).toMatchObject({ status: 'PUBLISHED', published_version: 1, review_overdue: false });
    expect(published.next_review_due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const first = await callOk({
      client: ownerClient,
      name: 'acknowledgeDocument',
      args: { organization_id, document_id },
    });
    expect(first).toMatchObject({ acknowledged_count: 1, acknowledgement_coverage: 50 });
    const both = await callOk({
      client: secondClient,
      name: 'acknowledgeDocument',
      args: { organization_id, document_id, version: 1 },
    });
    expect(both).toMatchObject({ acknowledged_count: 2, member_count: 2, acknowledgement_coverage: 100 });
    expect(both.acknowledgements.map((a: { member: string }) => a.member).sort()).toEqual(
      [owner.email, second.email].sort(),
    );
    const listed = await callOk({
      client: secondClient,
      name: 'listDocuments',
      args: { organization_id, status: ['PUBLISHED'] },
    });
    expect(listed.documents).toEqual([
      expect.objectContaining({ id: document_id, acknowledgement_coverage: 100 }),
    ]);
    expect(listed.documents[0]).not.toHaveProperty('content');
  });

  it('asks again once a new version is published: coverage falls back to zero', async () => {
    const draft = await callOk({
      client: secondClient,
      name: 'addDocumentVersion',
      args: { organization_id, document_id, content: v2, change_note: 'Remote work.', submit: true },
    });
    // Version 1 stays in force, acknowledged, while version 2 is reviewed.
    expect(draft).toMatchObject({
      status: 'IN_REVIEW',
      current_version: 2,
      published_version: 1,
      acknowledgement_coverage: 100,
    });
    await callOk({
      client: ownerClient,
      name: 'approveDocumentVersion',
      args: { organization_id, document_id, version: 2, content_hash: sha256(v2) },
    });
    const republished = await callOk({
      client: ownerClient,
      name: 'updateDocument',
      args: { id: document_id, status: 'PUBLISHED' },
    });
    expect(republished).toMatchObject({
      published_version: 2,
      content: v2,
      acknowledged_count: 0,
      acknowledgement_coverage: 0,
      acknowledgements: [],
    });
    const old = await callError(secondClient, 'acknowledgeDocument', {
      organization_id,
      document_id,
      version: 1,
    });
    expect(old).toMatchObject({ code: 'CONFLICT', field: 'version' });
    const again = await callOk({
      client: secondClient,
      name: 'acknowledgeDocument',
      args: { organization_id, document_id, version: 2 },
    });
    expect(again.acknowledgement_coverage).toBe(50);
  });

  it('writes every change to the audit log, by whom', async () => {
    const log = await server.storage.auditLog.list({
      organizationId: organization_id,
      filters: { record_id: document_id },
      pageSize: 100,
    });
    const actions = log.items.map((entry) => [entry.action, entry.actor_user_id]).reverse();
    expect(actions).toEqual([
      ['addDocument', second.userId],
      ['updateDocument', second.userId],
      ['approveDocumentVersion', owner.userId],
      ['updateDocument', owner.userId],
      ['acknowledgeDocument', owner.userId],
      ['acknowledgeDocument', second.userId],
      ['addDocumentVersion', second.userId],
      ['approveDocumentVersion', owner.userId],
      ['updateDocument', owner.userId],
      ['acknowledgeDocument', second.userId],
    ]);
    expect(log.items.every((entry) => entry.source === 'mcp')).toBe(true);
  });

  it('shows a member of another organization nothing', async () => {
    const foreign = await callError(strangerClient, 'getDocument', { id: document_id });
    expect(foreign.code).toBe('NOT_FOUND');
    const listed = await callOk({
      client: strangerClient,
      name: 'listDocuments',
      args: { organization_id: stranger.organizationId },
    });
    expect(listed.documents).toEqual([]);
    for (const [name, args] of [
      ['acknowledgeDocument', { organization_id: stranger.organizationId, document_id }],
      ['addDocumentVersion', { organization_id: stranger.organizationId, document_id, content: 'Hijack' }],
      [
        'approveDocumentVersion',
        { organization_id: stranger.organizationId, document_id, version: 2, content_hash: sha256(v2) },
      ],
    ] as const) {
      const error = await callError(strangerClient, name, args);
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).not.toContain('Information security policy');
    }
    const into = await callError(strangerClient, 'acknowledgeDocument', { organization_id, document_id });
    expect(into.code).toBe('NOT_FOUND');
  });
});
