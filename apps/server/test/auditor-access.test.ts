import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, consoleClient, signedIn } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n% auditor access test\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * The AUDITOR role (docs/identity.md, "Auditor access"), invited like a member: reads the
 * organization's records, evidence files and reports; is refused every write and everything about
 * the organization's people, tokens, webhooks and settings; and after the access ends, nothing
 * works any more — console, its API tokens, OAuth grants — on both drivers, with the test clock.
 */
describe.each(DRIVERS)('auditor access (%s)', (driver) => {
  let now = Date.now();
  let server: TestServer;
  let owner: ConsoleClient;
  let auditor: ConsoleClient;
  let org: string;
  let auditorId: string;
  let auditorToken: string;
  let evidenceId: string;
  let frameworkId: string;
  const auditorEmail = `auditor-${driver}@audit-firm.test`;
  const ownerCall = (tool: string, input: Record<string, unknown>) =>
    server.call(tool, { organization_id: org, ...input });
  const asAuditor = (tool: string, input: Record<string, unknown> = {}) =>
    server.call(tool, { organization_id: org, ...input }, { token: auditorToken });

  beforeAll(async () => {
    server = await startTestServer({ driver, clock: () => new Date(now) });
    org = server.owner.organizationId;
    owner = await signedIn({ server, email: server.owner.email });
    const framework = await ownerCall('addFramework', {
      name: 'Audit scope',
      controls: [{ code: 'A.1', title: 'Access is reviewed' }],
    });
    frameworkId = framework.body.id;
    const measure = await ownerCall('addMeasure', {
      name: 'Quarterly access review',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: frameworkId, control_code: 'A.1' }],
    });
    const evidence = await ownerCall('addEvidence', {
      kind: 'FILE',
      title: 'Access review Q1',
      content_base64: PDF.toString('base64'),
      filename: 'review-q1.pdf',
      media_type: 'application/pdf',
      measure_ids: [measure.body.id],
    });
    expect(evidence.status).toBe(200);
    evidenceId = evidence.body.id;
  });
  afterAll(() => server?.stop());

  it('invites an auditor with an end of access, at most a year ahead', async () => {
    const missing = await owner.post(`/orgs/${org}/invitations`, { email: auditorEmail, role: 'AUDITOR' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('access_expires_at');
    const tooLong = await owner.post(`/orgs/${org}/invitations`, {
      email: auditorEmail,
      role: 'AUDITOR',
      access_expires_at: new Date(now + 400 * DAY).toISOString(),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toMatch(/at most 366 days/);
    const onEditor = await owner.post(`/orgs/${org}/invitations`, {
      email: auditorEmail,
      role: 'EDITOR',
      access_expires_at: new Date(now + 30 * DAY).toISOString(),
    });
    expect(onEditor.status).toBe(400);

    const ends = new Date(now + 60 * DAY).toISOString();
    const invited = await owner.post(`/orgs/${org}/invitations`, {
      email: auditorEmail,
      role: 'AUDITOR',
      access_expires_at: ends,
    });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation).toMatchObject({ role: 'AUDITOR', access_expires_at: ends });
    // The code itself lasts the usual 7 days.
    expect(Date.parse(invited.body.invitation.expires_at)).toBe(now + 7 * DAY);

    auditor = consoleClient(server.url);
    const preview = await auditor.post('/invitations/preview', { code: invited.body.code });
    expect(preview.body.invitation).toMatchObject({ role: 'AUDITOR', access_expires_at: ends });
    const redeemed = await auditor.post('/invitations/redeem', {
      code: invited.body.code,
      password: 'an auditor passphrase 2026',
      name: 'Ada Auditor',
    });
    expect(redeemed.status).toBe(201);
    const orgs = (await auditor.get('/orgs')).body.organizations;
    expect(orgs).toEqual([expect.objectContaining({ id: org, role: 'AUDITOR', access_expires_at: ends })]);
    const members = (await owner.get(`/orgs/${org}/members`)).body.members;
    const row = members.find((m: { email: string }) => m.email === auditorEmail);
    expect(row).toMatchObject({ role: 'AUDITOR', expires_at: ends });
    auditorId = row.user_id;
  });

  it('gives the auditor the records, evidence files and reports in the console, and nothing else', async () => {
    const read = async (path: string) => (await auditor.get(`/orgs/${org}${path}`)).status;
    expect(await read('/registers/risks')).toBe(200);
    expect(await read(`/registers/evidence/${evidenceId}`)).toBe(200);
    expect(await read('/report')).toBe(200);
    expect(await read(`/readiness/${frameworkId}`)).toBe(200);
    const file = await fetch(`${server.url}/api/console/orgs/${org}/evidence/${evidenceId}/file`, {
      headers: { cookie: `comply_session=${auditor.cookie}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    // The organization's people, settings, webhooks and invitations are not the auditor's.
    for (const path of ['/members', '/invitations', '/webhooks', '/security']) {
      const reply = await auditor.get(`/orgs/${org}${path}`);
      expect(reply.status, path).toBe(403);
      expect(reply.body.error.code).toBe('FORBIDDEN');
    }
    expect((await auditor.patch(`/orgs/${org}/settings`, { evidence_validity_months: 6 })).status).toBe(403);
    const write = await auditor.post(`/orgs/${org}/tools/addVendor`, { name: 'Auditor vendor' });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toMatch(/AUDITOR/);

    // The activity log: what changed and by whom, without people, settings or token names.
    const activity = (await auditor.get(`/orgs/${org}/activity?page_size=100`)).body.entries;
    const types = new Set(activity.map((e: { record_type: string }) => e.record_type));
    expect(types.has('evidence')).toBe(true);
    for (const hidden of ['membership', 'invitation', 'organization']) expect(types.has(hidden)).toBe(false);
    expect(
      activity.every((e: { token_id: unknown; token_name: unknown }) => !e.token_id && !e.token_name),
    ).toBe(true);
    const ownerView = (await owner.get(`/orgs/${org}/activity?page_size=100`)).body.entries;
    expect(ownerView.some((e: { token_name: unknown }) => e.token_name)).toBe(true);
  });

  it('lets the auditor make a read-only token for that organization alone, ending with the access', async () => {
    const unrestricted = await auditor.post('/tokens', { name: 'everything' });
    expect(unrestricted.status).toBe(400);
    expect(unrestricted.body.error.field).toBe('organization_ids');
    const write = await auditor.post('/tokens', { name: 'writer', scope: 'WRITE', organization_ids: [org] });
    expect(write.status).toBe(403);
    expect(write.body.error.field).toBe('scope');
    const created = await auditor.post('/tokens', {
      name: 'audit',
      organization_ids: [org],
      no_expiry: true,
    });
    expect(created.status).toBe(201);
    // Asked for no expiry: it ends with the access anyway.
    expect(created.body.token.expires_at).toBe(new Date(now + 60 * DAY).toISOString());
    auditorToken = created.body.secret;
  });

  it('answers the auditor’s read tools and file downloads, and refuses every write (403)', async () => {
    for (const [tool, input] of [
      ['listRisks', {}],
      ['listEvidence', {}],
      ['getEvidence', { id: evidenceId }],
      ['getAuditReadiness', { framework_id: frameworkId }],
      ['getStatementOfApplicability', { framework_id: frameworkId }],
      ['getComplianceReport', {}],
    ] as const) {
      const reply = await asAuditor(tool, input);
      expect(reply.status, `${tool}: ${JSON.stringify(reply.body)}`).toBe(200);
    }
    const orgs = await server.call('listOrganizations', {}, { token: auditorToken });
    expect(orgs.body.organizations).toEqual([expect.objectContaining({ id: org, role: 'AUDITOR' })]);
    const file = await fetch(`${server.url}/api/evidence/${evidenceId}/file`, {
      headers: { authorization: `Bearer ${auditorToken}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    for (const [tool, input] of [
      ['addVendor', { name: 'Auditor vendor' }],
      ['updateEvidence', { id: evidenceId, title: 'Changed by the auditor' }],
      ['verifyEvidence', {}],
    ] as const) {
      const reply = await asAuditor(tool, input);
      expect(reply.status, tool).toBe(403);
    }
    // An auditor is nobody's assignee: tasks are for the organization's people.
    const task = await ownerCall('addTask', {
      kind: 'ACCESS_REVIEW',
      title: 'Review admin access',
      due_date: '2030-01-31',
      assignee_id: auditorId,
    });
    expect(task.status).toBe(400);
    expect(task.body.error.field).toBe('assignee_id');
  });

  it('lets an OWNER move the end: the auditor’s tokens for the organization end no later', async () => {
    const sooner = new Date(now + 20 * DAY).toISOString();
    const missing = await owner.patch(`/orgs/${org}/members/${auditorId}`, { role: 'AUDITOR' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('expires_at');
    const moved = await owner.patch(`/orgs/${org}/members/${auditorId}`, {
      role: 'AUDITOR',
      expires_at: sooner,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.member.expires_at).toBe(sooner);
    const tokens = (await auditor.get('/tokens')).body.tokens;
    expect(tokens.map((t: { expires_at: string }) => t.expires_at)).toEqual([sooner]);
  });

  it('ends every door once the access ends: token, console, OAuth grant', async () => {
    const grant = await server.storage.tokens.createGrant({
      userId: auditorId,
      grantId: `grant-${driver}`,
      clientId: 'client',
      clientName: 'An assistant',
      scope: 'READ',
      organizationIds: [org],
    });
    expect(grant.expires_at).toBe(new Date(now + 20 * DAY).toISOString());
    expect((await server.storage.tokens.authenticateGrant(`grant-${driver}`)).ok).toBe(true);
    expect((await asAuditor('listRisks')).status).toBe(200);

    now += 21 * DAY;

    const token = await asAuditor('listRisks');
    expect(token.status).toBe(401);
    expect(await server.storage.tokens.authenticateGrant(`grant-${driver}`)).toEqual({
      ok: false,
      reason: 'expired',
    });
    // The account remains (it may belong elsewhere); the organization is gone from it.
    const again = await signedIn({ server, email: auditorEmail, password: 'an auditor passphrase 2026' });
    expect((await again.get('/orgs')).body.organizations).toEqual([]);
    for (const path of ['/registers/risks', '/report', `/evidence/${evidenceId}/file`]) {
      expect((await again.get(`/orgs/${org}${path}`)).status, path).toBe(404);
    }
    // The OWNER still sees who it was, and that the access ended.
    owner = await signedIn({ server, email: server.owner.email });
    const members = (await owner.get(`/orgs/${org}/members`)).body.members;
    expect(members.find((m: { user_id: string }) => m.user_id === auditorId)).toMatchObject({
      role: 'AUDITOR',
      expires_at: new Date(now - DAY).toISOString(),
    });
  });
});
