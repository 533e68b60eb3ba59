import { registerNames } from '@comply/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, signedIn } from './console-client.js';
import { DRIVERS, useTestServer } from './harness.js';
import { memberClient } from './member-client.js';

describe.each(DRIVERS)('console registers, report and activity (%s)', (driver) => {
  const server = useTestServer({ driver });
  let owner: ConsoleClient;
  let org: string;
  const riskIds: string[] = [];
  beforeAll(async () => {
    owner = await signedIn({ server, email: server.owner.email });
    org = server.owner.organizationId;
    const tools = memberClient({ server, member: server.owner });
    for (const [name, likelihood, impact] of [
      ['Ransomware', 5, 4],
      ['Data leak', 4, 4],
      ['Office flood', 1, 2],
    ] as const) {
      const risk = await tools.ok('addRisk', {
        name,
        inherent_likelihood: likelihood,
        inherent_impact: impact,
      });
      riskIds.push(risk.id);
    }
    await tools.ok('updateRisk', { id: riskIds[2], status: 'CLOSED' });
    await tools.ok('addMeasure', { name: 'Backups', state: 'IMPLEMENTED' });
    await tools.ok('addAsset', { name: 'Customer data', type: 'DATA', classification: 'RESTRICTED' });
    await tools.ok('addAsset', { name: 'Website', type: 'APPLICATION', classification: 'PUBLIC' });
  });

  it('lists a register with the tool filters, ordering and cursor paging', async () => {
    const high = await owner.get(
      `/orgs/${org}/registers/risks?min_residual_score=16&status=OPEN,IN_TREATMENT`,
    );
    expect(high.status).toBe(200);
    expect(high.body.risks.map((r: { name: string }) => r.name)).toEqual(['Ransomware', 'Data leak']);
    expect(high.body.total_count).toBe(2);

    const first = await owner.get(`/orgs/${org}/registers/risks?order_by=name:asc&page_size=2`);
    expect(first.body.risks.map((r: { name: string }) => r.name)).toEqual(['Data leak', 'Office flood']);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.body.next_cursor);
    const second = await owner.get(
      `/orgs/${org}/registers/risks?order_by=name:asc&page_size=2&cursor=${cursor}`,
    );
    expect(second.body.risks.map((r: { name: string }) => r.name)).toEqual(['Ransomware']);
    expect(second.body.next_cursor).toBeNull();

    const measures = await owner.get(`/orgs/${org}/registers/measures?state=IMPLEMENTED`);
    expect(measures.body.measures).toHaveLength(1);
    const sensitive = await owner.get(`/orgs/${org}/registers/assets?classification=RESTRICTED,CONFIDENTIAL`);
    expect(sensitive.body.assets.map((a: { name: string }) => a.name)).toEqual(['Customer data']);
    for (const name of ['vendors', 'obligations', 'nonconformities', 'audits', 'frameworks']) {
      const reply = await owner.get(`/orgs/${org}/registers/${name}`);
      expect(reply.status, name).toBe(200);
      expect(reply.body[name]).toEqual([]);
    }
  });

  it('validates filters with the tool schema and names the field', async () => {
    const cases = [
      ['status=NOPE', 'status.0'],
      ['min_residual_score=high', 'min_residual_score'],
      ['has_mitigation=maybe', 'has_mitigation'],
      ['order_by=colour', 'order_by.field'],
      ['page_size=500', 'page_size'],
      ['invented=1', 'invented'],
    ];
    for (const [query, field] of cases) {
      const reply = await owner.get(`/orgs/${org}/registers/risks?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.field, query).toBe(field);
    }
    expect((await owner.get(`/orgs/${org}/registers/secrets`)).status).toBe(404);
  });

  it('describes each register filter from the tool schemas', async () => {
    const catalog = (await owner.get('/registers')).body.registers;
    // Every register of the catalog, in its order: the console keeps no list of its own.
    expect(catalog.map((r: { name: string }) => r.name)).toEqual([...registerNames]);
    expect(catalog.slice(0, 2).map((r: { name: string }) => r.name)).toEqual(['risks', 'vendors']);
    const risks = catalog[0];
    expect(risks.filters).toContainEqual(
      expect.objectContaining({
        name: 'status',
        type: 'set',
        values: ['OPEN', 'IN_TREATMENT', 'ACCEPTED', 'CLOSED'],
      }),
    );
    expect(risks.order_fields).toContain('residual_score');
  });

  it('reads one record and the compliance report', async () => {
    const risk = await owner.get(`/orgs/${org}/registers/risks/${riskIds[0]}`);
    expect(risk.body).toMatchObject({ id: riskIds[0], name: 'Ransomware', residual_score: 20 });
    const report = await owner.get(`/orgs/${org}/report`);
    expect(report.status).toBe(200);
    expect(report.body.risks.total).toBe(3);
    expect(report.body.risks.high_priority.count).toBe(2);
    expect(report.body.measures.by_state.IMPLEMENTED).toBe(1);
    expect(report.body.assets).toEqual({
      total: 2,
      by_classification: { PUBLIC: 1, INTERNAL: 0, CONFIDENTIAL: 0, RESTRICTED: 1 },
      review_overdue: 0,
      never_reviewed: 2,
    });
    const threshold = await owner.get(`/orgs/${org}/report?high_priority_threshold=19`);
    expect(threshold.body.risks.high_priority.count).toBe(1);
  });

  it('shows the audit log with before/after, filtered by record, actor, token and tool', async () => {
    const byRecord = await owner.get(`/orgs/${org}/activity?record_id=${riskIds[2]}`);
    expect(byRecord.body.entries.map((e: { action: string }) => e.action)).toEqual(['updateRisk', 'addRisk']);
    const [update] = byRecord.body.entries;
    expect(update.before.status).toBe('OPEN');
    expect(update.after.status).toBe('CLOSED');
    expect(update).toMatchObject({
      actor_user_id: server.owner.userId,
      token_id: server.owner.tokenId,
      source: 'rest',
    });
    const byTool = await owner.get(`/orgs/${org}/activity?action=addRisk`);
    expect(byTool.body.total_count).toBe(3);
    const byToken = await owner.get(`/orgs/${org}/activity?token_id=${server.owner.tokenId}&page_size=2`);
    expect(byToken.body.entries).toHaveLength(2);
    expect(byToken.body.next_cursor).toEqual(expect.any(String));
    const byActor = await owner.get(`/orgs/${org}/activity?actor_user_id=usr_nobody`);
    expect(byActor.body.total_count).toBe(0);
    expect((await owner.get(`/orgs/${org}/activity?colour=red`)).status).toBe(400);
  });

  it("cannot see another organization's records, report or activity", async () => {
    const outsider = await server.addMember();
    const client = await signedIn({ server, email: outsider.email });
    expect((await client.get(`/orgs/${org}/registers/risks`)).status).toBe(404);
    expect((await client.get(`/orgs/${org}/report`)).status).toBe(404);
    expect((await client.get(`/orgs/${org}/activity`)).status).toBe(404);
    // A record id of another organization through the outsider's own organization is NOT_FOUND too.
    const own = outsider.organizationId;
    const cross = await client.get(`/orgs/${own}/registers/risks/${riskIds[0]}`);
    expect(cross.status).toBe(404);
    expect((await client.get(`/orgs/${own}/registers/risks`)).body.risks).toEqual([]);
  });

  it('lets a VIEWER read the registers', async () => {
    const viewer = await server.addMember({ organizationId: org, role: 'VIEWER' });
    const client = await signedIn({ server, email: viewer.email });
    expect((await client.get(`/orgs/${org}/registers/risks`)).body.total_count).toBe(3);
  });
});
