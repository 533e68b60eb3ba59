import { type ToolName, toolNames } from '@comply/schemas';
import { seedDemo } from '@comply/storage';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { callOk, connectMcp } from './mcp-client.js';

type Ids = Record<
  'org' | 'risk' | 'vendor' | 'measure' | 'obligation' | 'nc' | 'audit' | 'framework',
  string
>;

// Fields a write sets anew on every call; everything else must match between the transports.
const VOLATILE = new Set([
  'id',
  'created_at',
  'updated_at',
  'reference',
  'closed_at',
  'collected_at',
  'generated_at',
]);

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !VOLATILE.has(key))
        .map(([key, v]) => [key, stable(v)]),
    );
  }
  return value;
}

/** One representative input per tool; writes get a suffix so both transports create distinct records. */
function inputFor({ tool, ids, run }: { tool: ToolName; ids: Ids; run: string }): Record<string, unknown> {
  const org = { organization_id: ids.org };
  const table: Record<ToolName, Record<string, unknown>> = {
    listOrganizations: {},
    getOrganization: org,
    listRisks: { ...org, status: ['OPEN'], min_residual_score: 10, page_size: 5 },
    getRisk: { id: ids.risk },
    addRisk: { ...org, name: `Parity risk ${run}`, inherent_likelihood: 4, inherent_impact: 5 },
    updateRisk: { id: ids.risk, note: 'reviewed in parity test' },
    listVendors: { ...org, review_overdue: true },
    getVendor: { id: ids.vendor },
    addVendor: { ...org, name: `Parity vendor ${run}`, description: 'Test service' },
    updateVendor: { id: ids.vendor, owner: 'Procurement' },
    listMeasures: { ...org, state: ['IMPLEMENTED'], order_by: { field: 'name', direction: 'desc' } },
    getMeasure: { id: ids.measure },
    addMeasure: { ...org, name: `Parity measure ${run}`, state: 'IN_PROGRESS' },
    updateMeasure: { id: ids.measure, owner: 'Security team' },
    listObligations: { ...org, overdue: true },
    getObligation: { id: ids.obligation },
    addObligation: { ...org, title: `Parity obligation ${run}`, source: 'CONTRACT' },
    updateObligation: { id: ids.obligation, actions: 'Parity actions' },
    listNonconformities: { ...org, open: true },
    getNonconformity: { id: ids.nc },
    addNonconformity: { ...org, title: `Parity finding ${run}`, severity: 'MINOR' },
    updateNonconformity: { id: ids.nc, root_cause: 'Parity root cause' },
    listAudits: { ...org, upcoming: true },
    getAudit: { id: ids.audit },
    addAudit: { ...org, name: `Parity audit ${run}`, kind: 'INTERNAL' },
    updateAudit: { id: ids.audit, notes: 'Parity notes' },
    listFrameworks: org,
    getFramework: { id: ids.framework },
    listFrameworkControls: { ...org, framework_id: ids.framework, covered: false, page_size: 5 },
    addFramework: {
      ...org,
      name: `Parity framework ${run}`,
      controls: [{ code: 'P.1', title: 'Parity control' }],
    },
    updateFramework: { id: ids.framework, description: 'Parity description' },
    getComplianceReport: { ...org, top_n: 5 },
    getAuditReadiness: { ...org, framework_id: ids.framework },
  };
  return table[tool];
}

describe.each(DRIVERS)('MCP tools/call and the REST tool path agree on every tool (%s)', (driver) => {
  let server: TestServer;
  let client: Client;
  let ids: Ids;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    const { organizationId } = await seedDemo({ storage: server.storage, ownerUserId: server.owner.userId });
    client = await connectMcp({ server });
    const first = async (tool: string, key: string) => {
      const { body } = await server.call(tool, { organization_id: organizationId, page_size: 1 });
      return body[key][0].id as string;
    };
    ids = {
      org: organizationId,
      risk: await first('listRisks', 'risks'),
      vendor: await first('listVendors', 'vendors'),
      measure: await first('listMeasures', 'measures'),
      obligation: await first('listObligations', 'obligations'),
      nc: await first('listNonconformities', 'nonconformities'),
      audit: await first('listAudits', 'audits'),
      framework: await first('listFrameworks', 'frameworks'),
    };
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it.each(toolNames.map((tool) => [tool]))('%s', async (tool) => {
    const viaMcp = await callOk({ client, name: tool, args: inputFor({ tool, ids, run: 'mcp' }) });
    const rest = await server.call(tool, inputFor({ tool, ids, run: 'rest' }));
    expect(rest.status).toBe(200);
    const strip = (v: unknown) => JSON.parse(JSON.stringify(stable(v)).replaceAll(/ (mcp|rest)\b/g, ' RUN'));
    expect(strip(rest.body)).toEqual(strip(viaMcp));
  });

  it('agree on errors too: same code, message and field', async () => {
    const input = { organization_id: ids.org, status: ['SOMETIMES'] };
    const result = await client.callTool({ name: 'listRisks', arguments: input });
    expect(result.isError).toBe(true);
    const mcpError = JSON.parse((result.content as { text: string }[])[0]!.text);
    const rest = await server.call('listRisks', input);
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual(mcpError);
    expect(rest.body.error.field).toBe('status.0');
  });
});
