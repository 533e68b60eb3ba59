import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx } from './export-files.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { callOk, connectMcp, frameworkControlCodes } from './mcp-client.js';

/**
 * An ISO 27001 programme of record, walked as a compliance lead would with the official MCP SDK
 * client against a listening server: adopt ISO 27001, assets and risks, the Statement of
 * Applicability (90 applicable, 3 excluded, in one call) approved, the information security policy
 * written, approved, published and acknowledged by two members, a risk accepted with an expiry, a
 * management review, and the SoA exported to XLSX over REST with the same token. The export has one
 * row per control and agrees with getAuditReadiness; every write is in the audit log, by its member.
 */
describe.each(DRIVERS)('ISO 27001 programme walk over MCP (%s)', (driver) => {
  let server: TestServer;
  let client: Client;
  let colleague: Client;
  let colleagueUserId: string;
  let organizationId: string;
  /** Each write tool call and who made it, to find them in the audit log. */
  const writes: { action: string; by: string }[] = [];
  const call = (name: string, args: Record<string, unknown>) =>
    callOk({ client, name, args: { organization_id: organizationId, ...args } });
  /** A write tool call, remembered to find it in the audit log. */
  const write = async (name: string, args: Record<string, unknown>) => {
    const output = await call(name, args);
    writes.push({ action: name, by: server.owner.userId });
    return output;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    client = await connectMcp({ server });
    organizationId = server.owner.organizationId;
    const member = await server.addMember({ organizationId, role: 'EDITOR' });
    colleague = await connectMcp({ server, token: member.token });
    colleagueUserId = member.userId;
  });
  afterAll(async () => {
    await colleague?.close();
    await client?.close();
    await server?.stop();
  });

  it('walks scope → assets → risks → SoA → policy → acceptance → management review → export', async () => {
    // Scope: the Annex A framework, adopted from the library.
    const framework = await write('addFramework', { library_key: 'iso-27001-2022' });
    expect(framework.control_count).toBe(93);
    const codes = await frameworkControlCodes({ call, frameworkId: framework.id });
    expect(codes).toHaveLength(93);

    // Assets and risks, one treated by a measure with evidence (a READY control), one to accept.
    const asset = await write('addAsset', {
      name: 'Customer database',
      type: 'DATA',
      classification: 'RESTRICTED',
    });
    const ransomware = await write('addRisk', {
      name: 'Ransomware on the customer database',
      inherent_likelihood: 4,
      inherent_impact: 5,
      treatment: 'MITIGATE',
      asset_ids: [asset.id],
      owner: 'CISO',
    });
    const outage = await write('addRisk', {
      name: 'Payment provider outage',
      inherent_likelihood: 2,
      inherent_impact: 3,
      owner: 'CFO',
    });
    await write('addMeasure', {
      name: 'Daily encrypted backups',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: framework.id, control_code: 'A.8.13' }],
      risk_ids: [ransomware.id],
      evidence: [{ title: 'Restore test', url: 'https://intranet.example.test/restore' }],
    });

    // The SoA: 90 applicable and 3 excluded with reasons, in one call; then approved.
    const excluded = new Map([
      ['A.7.1', 'Fully remote company: no premises, so no physical security perimeter.'],
      ['A.7.2', 'No premises with physical entry points.'],
      ['A.7.3', 'No offices, rooms or facilities to secure.'],
    ]);
    const decided = await write('updateControlApplicability', {
      framework_id: framework.id,
      controls: codes.map((code) =>
        excluded.has(code)
          ? { code, applicable: false, justification: excluded.get(code) }
          : { code, applicable: true, justification: 'Treats risks of the risk assessment.', owner: 'CISO' },
      ),
    });
    expect(decided.updated_count).toBe(93);
    const version = await write('approveStatementOfApplicability', {
      framework_id: framework.id,
      note: 'Approved by top management.',
    });
    expect(version).toMatchObject({ version: 1, control_count: 93, excluded_count: 3 });

    // The information security policy: written, sent for review, approved by the owner for the
    // text read (its hash), published, and acknowledged by both members.
    const policyText = '# Information security policy\n\nWe protect the information entrusted to us.';
    const policy = await write('addDocument', {
      title: 'Information security policy',
      kind: 'POLICY',
      approvers: [server.owner.email],
      review_interval_months: 12,
      content: policyText,
      controls: [{ framework_id: framework.id, control_code: 'A.5.1' }],
    });
    await write('updateDocument', { id: policy.id, status: 'IN_REVIEW' });
    await write('approveDocumentVersion', {
      document_id: policy.id,
      version: 1,
      content_hash: createHash('sha256').update(policyText, 'utf8').digest('hex'),
    });
    expect((await write('updateDocument', { id: policy.id, status: 'PUBLISHED' })).published_version).toBe(1);
    await write('acknowledgeDocument', { document_id: policy.id });
    await callOk({
      client: colleague,
      name: 'acknowledgeDocument',
      args: { organization_id: organizationId, document_id: policy.id },
    });
    writes.push({ action: 'acknowledgeDocument', by: colleagueUserId });
    expect(await call('getDocument', { id: policy.id })).toMatchObject({
      status: 'PUBLISHED',
      member_count: 2,
      acknowledged_count: 2,
      acknowledgement_coverage: 100,
    });

    // A risk accepted with an expiry, by the owner; getRisk shows the acceptance.
    const accepted = await write('acceptRisk', {
      risk_id: outage.id,
      rationale: 'Short outages only delay billing; within the risk appetite.',
      conditions: 'The provider keeps 99.95% availability.',
      expires_on: '2099-06-30',
    });
    expect(accepted).toMatchObject({ status: 'ACCEPTED', treatment: 'ACCEPT' });
    const risk = await call('getRisk', { id: outage.id });
    expect(risk.acceptances).toMatchObject([
      { accepted_by: server.owner.email, accepted_role: 'OWNER', expires_on: '2099-06-30', state: 'ACTIVE' },
    ]);

    // The management review (clause 9.3).
    await write('addManagementReview', {
      title: 'ISMS management review',
      review_date: '2026-06-01',
      status: 'HELD',
      attendees: 'CEO, CISO',
      risk_results: 'Payment provider outage accepted until 2099-06-30.',
      decisions: 'SoA version 1 approved.',
    });

    // The SoA as XLSX over REST with the same token: 93 rows agreeing with readiness.
    const reply = await fetch(
      `${server.url}/api/export/statement-of-applicability/xlsx?organization_id=${organizationId}&framework_id=${framework.id}&version=1`,
      { headers: { authorization: `Bearer ${server.owner.token}` } },
    );
    expect(reply.status).toBe(200);
    const sheet = await readXlsx(await reply.arrayBuffer());
    expect(sheet.rowCount).toBe(1 + 93);
    const header = sheet.getRow(1).values as unknown[];
    const column = (name: string) => header.indexOf(name);
    const rows = Array.from({ length: 93 }, (_, i) => sheet.getRow(i + 2));
    const cells = (name: string) => rows.map((r) => r.getCell(column(name)).value);
    expect(cells('Control')).toEqual(codes);
    const tally = (name: string, value: string) => cells(name).filter((v) => v === value).length;
    expect(tally('Applicability', 'Applicable')).toBe(90);
    expect(tally('Applicability', 'Excluded')).toBe(3);
    const readiness = await call('getAuditReadiness', { framework_id: framework.id });
    expect(readiness.state_counts).toEqual({ READY: 1, GAP: 89, EXCLUDED: 3 });
    expect({
      READY: tally('Implementation status', 'Ready'),
      GAP: tally('Implementation status', 'Gap'),
      EXCLUDED: tally('Implementation status', 'Excluded'),
    }).toEqual(readiness.state_counts);
    const a813 = rows.find((r) => r.getCell(column('Control')).value === 'A.8.13')!;
    expect(a813.getCell(column('Measures')).value).toBe('Daily encrypted backups (Implemented)');
    expect(a813.getCell(column('Last reviewed')).type).toBe(ExcelJS.ValueType.Date);

    // Every write is in the audit log, made over MCP by the member who made it.
    const log = await server.storage.db
      .selectFrom('audit_log')
      .select(['action', 'source', 'actor_user_id'])
      .where('organization_id', '=', organizationId)
      .where('source', '=', 'mcp')
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(log.map((e) => ({ action: e.action, by: e.actor_user_id }))).toEqual(writes);
  });
});
