import { beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type Member, useTestServer } from './harness.js';
import { callOk, connectMcp } from './mcp-client.js';

describe.each(DRIVERS)('archiveRecord and restoreRecord (%s)', (driver) => {
  const server = useTestServer({ driver });
  let org: string;
  let stranger: Member;

  beforeAll(async () => {
    org = server.owner.organizationId;
    stranger = await server.addMember();
  });

  const ok = async (tool: string, input: Record<string, unknown>, token?: string) => {
    const reply = await server.call(tool, input, { token });
    expect(reply.status, `${tool}: ${JSON.stringify(reply.body)}`).toBe(200);
    return reply.body;
  };
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  it('archives over REST: the record leaves lists, counts and the report, stays readable, and comes back', async () => {
    const vendor = await ok('addVendor', { organization_id: org, name: 'Paper supplier', risk_tier: 'LOW' });
    await ok('addVendor', { organization_id: org, name: 'Cloud host', risk_tier: 'HIGH' });
    const counts = (await ok('getOrganization', { organization_id: org })).counts;
    const report = await ok('getComplianceReport', { organization_id: org });

    const archived = await ok('archiveRecord', { id: vendor.id });
    expect(archived).toEqual({
      id: vendor.id,
      register: 'vendors',
      archived_at: expect.any(String),
      updated_at: archived.archived_at,
    });
    const listed = await ok('listVendors', { organization_id: org });
    expect(ids(listed.vendors)).not.toContain(vendor.id);
    expect(listed.total_count).toBe(counts.vendors - 1);
    const archivedList = await ok('listVendors', { organization_id: org, archived: true });
    expect(ids(archivedList.vendors)).toEqual([vendor.id]);
    const read = await ok('getVendor', { id: vendor.id });
    expect(read.archived_at).toBe(archived.archived_at);
    expect((await ok('getOrganization', { organization_id: org })).counts.vendors).toBe(counts.vendors - 1);
    const after = await ok('getComplianceReport', { organization_id: org });
    expect(after.vendors.total_active).toBe(report.vendors.total_active - 1);

    // Archiving again answers the same state; restoring brings every number back.
    expect(await ok('archiveRecord', { id: vendor.id })).toEqual(archived);
    const restored = await ok('restoreRecord', { id: vendor.id, organization_id: org });
    expect(restored).toMatchObject({ id: vendor.id, register: 'vendors', archived_at: null });
    expect((await ok('getVendor', { id: vendor.id })).archived_at).toBeNull();
    expect((await ok('getOrganization', { organization_id: org })).counts).toEqual(counts);
    expect(ids((await ok('listVendors', { organization_id: org })).vendors)).toContain(vendor.id);

    // Both writes are in the audit log, with the tool's name and the record before and after.
    const log = await server.storage.auditLog.list({
      organizationId: org,
      filters: { record_id: vendor.id },
    });
    expect(log.items.map((entry) => entry.action)).toEqual(['restoreRecord', 'archiveRecord', 'addVendor']);
  });

  it('answers NOT_FOUND for a record of another organization, and leaves it as it was', async () => {
    const theirs = await ok(
      'addRisk',
      {
        organization_id: stranger.organizationId,
        name: 'Their risk',
        inherent_likelihood: 2,
        inherent_impact: 2,
      },
      stranger.token,
    );
    const reply = await server.call('archiveRecord', { id: theirs.id });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
    const named = await server.call('archiveRecord', {
      id: theirs.id,
      organization_id: stranger.organizationId,
    });
    expect(named.status).toBe(404);
    const inOurs = await server.call('restoreRecord', { id: theirs.id, organization_id: org });
    expect(inOurs.status).toBe(404);
    expect((await ok('getRisk', { id: theirs.id }, stranger.token)).archived_at).toBeNull();
  });

  it('refuses read-only tokens, viewers, frameworks and unknown ids with a clear error', async () => {
    const risk = await ok('addRisk', {
      organization_id: org,
      name: 'Guarded',
      inherent_likelihood: 1,
      inherent_impact: 1,
    });
    const readOnly = await server.createToken({ userId: server.owner.userId, scope: 'READ' });
    const refused = await server.call('archiveRecord', { id: risk.id }, { token: readOnly.token });
    expect(refused.status).toBe(403);
    const viewer = await server.addMember({ organizationId: org, role: 'VIEWER' });
    expect((await server.call('archiveRecord', { id: risk.id }, { token: viewer.token })).status).toBe(403);
    expect((await ok('getRisk', { id: risk.id })).archived_at).toBeNull();

    const framework = await ok('addFramework', {
      organization_id: org,
      name: 'Internal baseline',
      controls: [{ code: 'B-1', title: 'Backups' }],
    });
    const fw = await server.call('archiveRecord', { id: framework.id });
    expect(fw.status).toBe(400);
    expect(fw.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'id' });
    expect(fw.body.error.message).toContain('frameworks records cannot be archived');
    expect((await server.call('archiveRecord', { id: 'zzz_01J000' })).status).toBe(404);
    const empty = await server.call('archiveRecord', {});
    expect(empty.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'id' });
  });

  it('serves both tools over MCP with the official SDK client and honest annotations', async () => {
    const client = await connectMcp({ server });
    try {
      const { tools } = await client.listTools();
      for (const name of ['archiveRecord', 'restoreRecord']) {
        const tool = tools.find((t) => t.name === name);
        // A write: readOnlyHint is left out (false by default); nothing is destroyed.
        expect(tool?.annotations?.readOnlyHint).not.toBe(true);
        expect(tool?.annotations).toMatchObject({
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        });
      }
      const measure = await callOk({
        client,
        name: 'addMeasure',
        args: {
          organization_id: org,
          name: 'Clean desk',
          state: 'IMPLEMENTED',
          evidence: [{ title: 'Walkthrough' }],
        },
      });
      const archived = await callOk({ client, name: 'archiveRecord', args: { id: measure.id } });
      expect(archived).toMatchObject({ id: measure.id, register: 'measures' });
      const list = await callOk({
        client,
        name: 'listMeasures',
        args: { organization_id: org, archived: true },
      });
      expect(ids(list.measures)).toEqual([measure.id]);
      // Evidence is kept while archived.
      const read = await callOk({ client, name: 'getMeasure', args: { id: measure.id } });
      expect(read.evidence).toHaveLength(1);
      await callOk({ client, name: 'restoreRecord', args: { id: measure.id } });
      const active = await callOk({ client, name: 'listMeasures', args: { organization_id: org } });
      expect(ids(active.measures)).toContain(measure.id);
      const foreign = await client.callTool({ name: 'archiveRecord', arguments: { id: `${measure.id}X` } });
      expect(foreign.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
