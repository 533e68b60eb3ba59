import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './console-client.js';
import { DRIVERS, type TestServer, useTestServer } from './harness.js';
import { callOk, connectMcp } from './mcp-client.js';

type Member = Awaited<ReturnType<TestServer['addMember']>>;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const CONTENT = '# Acceptable use policy\n\nCompany devices are for company work.';

// Acknowledging a policy is an employee's own attestation: every member but an AUDITOR makes it,
// a VIEWER with a read-only token included, and that token writes nothing else.
describe.each(DRIVERS)('every member acknowledges a policy for themself (%s)', (driver) => {
  const server = useTestServer({ driver });
  let organization_id: string;
  let document_id: string;
  let viewer: Member;
  let restViewer: Member;
  let consoleViewer: Member;
  let auditor: Member;

  beforeAll(async () => {
    organization_id = server.owner.organizationId;
    const member = (role: 'VIEWER' | 'AUDITOR') =>
      server.addMember({ organizationId: organization_id, role, scope: 'READ' });
    viewer = await member('VIEWER');
    restViewer = await member('VIEWER');
    consoleViewer = await member('VIEWER');
    auditor = await member('AUDITOR');
    const added = await server.call('addDocument', {
      organization_id,
      title: 'Acceptable use policy',
      kind: 'POLICY',
      approvers: [server.owner.email],
      content: CONTENT,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    document_id = added.body.id;
    await server.call('updateDocument', { id: document_id, status: 'IN_REVIEW' });
    await server.call('approveDocumentVersion', {
      organization_id,
      document_id,
      version: 1,
      content_hash: sha256(CONTENT),
    });
    const published = await server.call('updateDocument', { id: document_id, status: 'PUBLISHED' });
    expect(published.body).toMatchObject({ status: 'PUBLISHED', member_count: 4, acknowledged_count: 0 });
  });

  it('a VIEWER acknowledges over MCP with a read-only token, and writes nothing else with it', async () => {
    const client = await connectMcp({ server, token: viewer.token });
    try {
      const document = await callOk({
        client,
        name: 'acknowledgeDocument',
        args: { organization_id, document_id, version: 1 },
      });
      expect(document.acknowledgements).toEqual([
        expect.objectContaining({ member: viewer.email, version: 1 }),
      ]);
      const other = await client.callTool({
        name: 'updateDocument',
        arguments: { id: document_id, status: 'RETIRED' },
      });
      expect(other.isError).toBe(true);
      expect(JSON.stringify(other.content)).toContain('FORBIDDEN');
    } finally {
      await client.close();
    }
  });

  /** acknowledgeDocument over REST with `member`'s token. */
  const acknowledgeOverRest = (member: Member) =>
    server.call('acknowledgeDocument', { organization_id, document_id }, { token: member.token });

  it('a VIEWER acknowledges over REST with a read-only token', async () => {
    const reply = await acknowledgeOverRest(restViewer);
    expect(reply.status).toBe(200);
    expect(reply.body.acknowledged_count).toBe(2);
    const refused = await server.call(
      'addRisk',
      { organization_id, name: 'x', inherent_likelihood: 1, inherent_impact: 1 },
      { token: restViewer.token },
    );
    expect(refused.status).toBe(403);
  });

  it('a VIEWER acknowledges in the console; other writes stay refused', async () => {
    const console = await signedIn({ server, email: consoleViewer.email });
    const base = `/orgs/${organization_id}/tools`;
    const reply = await console.post(`${base}/acknowledgeDocument`, { document_id, version: 1 });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      acknowledged_count: 3,
      member_count: 4,
      acknowledgement_coverage: 75,
    });
    const refused = await console.post(`${base}/updateDocument`, { id: document_id, title: 'Hijacked' });
    expect(refused.status).toBe(403);
  });

  it('an AUDITOR acknowledges nothing, on any path', async () => {
    const rest = await acknowledgeOverRest(auditor);
    expect(rest.status).toBe(403);
    expect(rest.body.error.message).toContain('AUDITOR');
    const console = await signedIn({ server, email: auditor.email });
    const reply = await console.post(`/orgs/${organization_id}/tools/acknowledgeDocument`, { document_id });
    expect(reply.status).toBe(403);
    const read = await server.call('getDocument', { id: document_id });
    expect(read.body).toMatchObject({ acknowledged_count: 3, member_count: 4 });
  });

  it('records each acknowledgement in the audit log, by the member who made it', async () => {
    const log = await server.storage.auditLog.list({
      organizationId: organization_id,
      filters: { record_id: document_id },
      pageSize: 100,
    });
    const acknowledgements = log.items
      .filter((entry) => entry.action === 'acknowledgeDocument')
      .map((entry) => [entry.actor_user_id, entry.source])
      .reverse();
    expect(acknowledgements).toEqual([
      [viewer.userId, 'mcp'],
      [restViewer.userId, 'rest'],
      [consoleViewer.userId, 'console'],
    ]);
  });
});
