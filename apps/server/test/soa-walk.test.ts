import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { callOk, connectMcp, everyItem, frameworkControlCodes } from './mcp-client.js';

interface Row {
  code: string;
  applicability: string;
  justification: string | null;
  status: string;
}

/** The held-out walk of the Statement of Applicability, with the official MCP SDK client. */
describe.each(DRIVERS)('Statement of Applicability walk over MCP (%s)', (driver) => {
  let server: TestServer;
  let client: Client;
  let organizationId: string;
  let frameworkId: string;
  let codes: string[];
  const call = (name: string, args: Record<string, unknown>) =>
    callOk({ client, name, args: { organization_id: organizationId, ...args } });
  /** Every row of an SoA, page by page. */
  const allRows = async (args: Record<string, unknown>) =>
    (await everyItem({
      call,
      name: 'getStatementOfApplicability',
      args: { framework_id: frameworkId, page_size: 40, ...args },
      key: 'controls',
    })) as Row[];
  const errorOf = async (name: string, args: Record<string, unknown>, token?: string) => {
    const other = token ? await connectMcp({ server, token }) : client;
    const result = await other.callTool({ name, arguments: { organization_id: organizationId, ...args } });
    if (token) await other.close();
    expect(result.isError).toBe(true);
    return JSON.parse((result.content as { text: string }[])[0]!.text).error;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    client = await connectMcp({ server });
    organizationId = server.owner.organizationId;
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('adopts ISO 27001 and starts with 93 undecided controls', async () => {
    const framework = await call('addFramework', { library_key: 'iso-27001-2022' });
    frameworkId = framework.id;
    codes = await frameworkControlCodes({ call, frameworkId });
    expect(codes).toHaveLength(93);
    const soa = await call('getStatementOfApplicability', { framework_id: frameworkId, page_size: 1 });
    expect(soa.applicability_counts).toEqual({ APPLICABLE: 0, EXCLUDED: 0, UNDECIDED: 93 });
  });

  it('refuses a change set with one unjustified exclusion, naming that control, and changes nothing', async () => {
    const error = await errorOf('updateControlApplicability', {
      framework_id: frameworkId,
      controls: [
        { code: codes[0], applicable: true },
        { code: codes[1], applicable: false, justification: '  ' },
      ],
    });
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'controls.1.justification' });
    expect(error.message).toContain(codes[1]);
    const soa = await call('getStatementOfApplicability', { framework_id: frameworkId, page_size: 1 });
    expect(soa.applicability_counts.UNDECIDED).toBe(93);
  });

  it('marks 90 applicable and 3 excluded in one call, approves, and reads 93 rows agreeing with readiness', async () => {
    const excluded = new Map([
      ['A.7.1', 'Fully remote company: no offices, so no physical security perimeter.'],
      ['A.7.3', 'No offices or rooms to secure.'],
      ['A.7.6', 'No secure areas to work in.'],
    ]);
    expect(codes).toEqual(expect.arrayContaining([...excluded.keys()]));
    const decisions = codes.map((code) =>
      excluded.has(code)
        ? { code, applicable: false, justification: excluded.get(code) }
        : {
            code,
            applicable: true,
            justification: 'Addresses a risk of the risk assessment.',
            owner: 'CISO',
          },
    );
    const updated = await call('updateControlApplicability', {
      framework_id: frameworkId,
      controls: decisions,
    });
    expect(updated.updated_count).toBe(93);
    const readiness = await call('getAuditReadiness', { framework_id: frameworkId, top_n: 25 });
    expect(readiness.state_counts).toEqual({ READY: 0, GAP: 90, EXCLUDED: 3 });
    expect(readiness.readiness_percent).toBe(0);
    expect(
      readiness.gaps.excluded_controls.items.map((c: { code: string; soa_justification: string }) => [
        c.code,
        c.soa_justification,
      ]),
    ).toEqual([...excluded.entries()]);

    const version = await call('approveStatementOfApplicability', {
      framework_id: frameworkId,
      note: 'Approved at the management review.',
    });
    expect(version).toMatchObject({
      version: 1,
      approved_by: server.owner.email,
      control_count: 93,
      excluded_count: 3,
    });

    // A later edit leaves the approved version as it was.
    await call('updateControlApplicability', {
      framework_id: frameworkId,
      controls: [{ code: 'A.7.1', applicable: true, justification: 'An office opened.' }],
    });
    const rows = await allRows({ version: 1 });
    expect(rows).toHaveLength(93);
    expect(rows.map((r) => r.code)).toEqual(codes);
    const count = (key: 'applicability' | 'status', value: string) =>
      rows.filter((r) => r[key] === value).length;
    expect(count('applicability', 'APPLICABLE')).toBe(90);
    expect(count('applicability', 'EXCLUDED')).toBe(3);
    // The approved rows agree with readiness as it was at approval.
    expect({
      READY: count('status', 'READY'),
      GAP: count('status', 'GAP'),
      EXCLUDED: count('status', 'EXCLUDED'),
    }).toEqual(readiness.state_counts);
    for (const row of rows.filter((r) => r.applicability === 'EXCLUDED')) {
      expect(row.justification).toBe(excluded.get(row.code));
      expect(row.status).toBe('EXCLUDED');
    }
    // The current SoA moved on; readiness follows it.
    const current = await call('getStatementOfApplicability', {
      framework_id: frameworkId,
      applicability: ['EXCLUDED'],
    });
    expect(current.controls.map((c: Row) => c.code)).toEqual(['A.7.3', 'A.7.6']);
    expect(current.approved.version).toBe(1);
    expect((await call('getAuditReadiness', { framework_id: frameworkId })).state_counts.EXCLUDED).toBe(2);
    // REST reads the same approved version.
    const rest = await server.call('getStatementOfApplicability', {
      organization_id: organizationId,
      framework_id: frameworkId,
      version: 1,
      page_size: 40,
    });
    expect(rest.status).toBe(200);
    expect(rest.body.controls).toEqual(rows.slice(0, 40));
  });

  it('lets only an OWNER or ADMIN approve, and logs every write', async () => {
    const editor = await server.addMember({ organizationId, role: 'EDITOR' });
    const refused = await errorOf(
      'approveStatementOfApplicability',
      { framework_id: frameworkId },
      editor.token,
    );
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toContain('OWNER or ADMIN');
    const admin = await server.addMember({ organizationId, role: 'ADMIN' });
    const approved = await server.call(
      'approveStatementOfApplicability',
      { organization_id: organizationId, framework_id: frameworkId },
      { token: admin.token },
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ version: 2, approved_by: admin.email, excluded_count: 2 });
    const log = await server.storage.db
      .selectFrom('audit_log')
      .select(['action', 'source', 'record_id', 'actor_user_id'])
      .where('organization_id', '=', organizationId)
      .where('action', 'in', ['updateControlApplicability', 'approveStatementOfApplicability'])
      .orderBy('at')
      .execute();
    expect(log.map((e) => [e.action, e.source, e.record_id])).toEqual([
      ['updateControlApplicability', 'mcp', frameworkId],
      ['approveStatementOfApplicability', 'mcp', frameworkId],
      ['updateControlApplicability', 'mcp', frameworkId],
      ['approveStatementOfApplicability', 'rest', frameworkId],
    ]);
  });

  it('keeps another organization out', async () => {
    const stranger = await server.addMember();
    const outsider = await connectMcp({ server, token: stranger.token });
    const result = await outsider.callTool({
      name: 'getStatementOfApplicability',
      arguments: { organization_id: stranger.organizationId, framework_id: frameworkId },
    });
    await outsider.close();
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content as { text: string }[])[0]!.text).error).toMatchObject({
      code: 'NOT_FOUND',
      field: 'framework_id',
    });
  });
});
