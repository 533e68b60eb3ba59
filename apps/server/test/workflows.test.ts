import { seedDemo } from '@comply/storage';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, useTestServer } from './harness.js';
import { callOk, connectMcp, everyItem } from './mcp-client.js';

/** Every item of a list tool, seven a page, following next_cursor to the end. */
async function listAll({
  client,
  name,
  args,
  key,
}: {
  client: Client;
  name: string;
  args: object;
  key: string;
}) {
  return (await everyItem({
    call: (tool, input) => callOk({ client, name: tool, args: input }),
    name,
    args: { ...args, page_size: 7 },
    key,
  })) as Record<string, unknown>[];
}

const today = () => new Date().toISOString().slice(0, 10);

// The seed's workflows, as an AI assistant would run them, through the official SDK client.
describe.each(DRIVERS)('seed workflows over MCP on demo data (%s)', (driver) => {
  const server = useTestServer({ driver });
  let client: Client;
  let org: string;

  beforeAll(async () => {
    ({ organizationId: org } = await seedDemo({ storage: server.storage, ownerUserId: server.owner.userId }));
    client = await connectMcp({ server });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('starts from listOrganizations with an empty object', async () => {
    const { organizations, total_count } = await callOk({ client, name: 'listOrganizations', args: {} });
    expect(total_count).toBe(2);
    expect(organizations.map((o: { id: string }) => o.id)).toContain(org);
  });

  it('risk assessment: high-priority open risks, their mitigations, then a status update', async () => {
    const all = await listAll({ client, name: 'listRisks', args: { organization_id: org }, key: 'risks' });
    const expected = all.filter((r) => (r.residual_score as number) > 15 && r.status === 'OPEN');
    expect(expected.length).toBeGreaterThan(0);

    const high = await callOk({
      client,
      name: 'listRisks',
      args: { organization_id: org, status: ['OPEN'], min_residual_score: 16, page_size: 100 },
    });
    expect(high.total_count).toBe(expected.length);
    expect(high.risks.map((r: { id: string }) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
    const scores = high.risks.map((r: { residual_score: number }) => r.residual_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const risk = high.risks[0];
    for (const measureId of risk.measure_ids) {
      const measure = await callOk({ client, name: 'getMeasure', args: { id: measureId } });
      expect(measure.risk_ids).toContain(risk.id);
    }
    expect(['UNMITIGATED', 'PLANNED', 'PARTIALLY_MITIGATED', 'MITIGATED']).toContain(risk.mitigation.status);

    const updated = await callOk({
      client,
      name: 'updateRisk',
      args: { id: risk.id, status: 'IN_TREATMENT', expected_updated_at: risk.updated_at },
    });
    expect(updated.status).toBe('IN_TREATMENT');
    const again = await callOk({
      client,
      name: 'listRisks',
      args: { organization_id: org, status: ['OPEN'], min_residual_score: 16 },
    });
    expect(again.total_count).toBe(expected.length - 1);
  });

  it('vendor management: add a vendor, then list vendors due for review', async () => {
    const vendor = await callOk({
      client,
      name: 'addVendor',
      args: {
        organization_id: org,
        name: 'Parcel Print Ltd',
        description: 'Printing and mailing of patient letters',
      },
    });
    expect(vendor).toMatchObject({
      name: 'Parcel Print Ltd',
      last_reviewed_at: null,
      review_overdue: false,
      never_reviewed: true,
    });

    const all = await listAll({
      client,
      name: 'listVendors',
      args: { organization_id: org },
      key: 'vendors',
    });
    const due = await listAll({
      client,
      name: 'listVendors',
      args: { organization_id: org, review_overdue: true },
      key: 'vendors',
    });
    expect(due.map((v) => v.id).sort()).toEqual(
      all
        .filter(
          (v) =>
            v.status === 'ACTIVE' && v.next_review_due !== null && (v.next_review_due as string) < today(),
        )
        .map((v) => v.id)
        .sort(),
    );
    const never = await listAll({
      client,
      name: 'listVendors',
      args: { organization_id: org, never_reviewed: true },
      key: 'vendors',
    });
    expect(never.map((v) => v.id)).toContain(vendor.id);
    expect(due.map((v) => v.id)).not.toContain(vendor.id);
  });

  it('compliance: overdue obligations, open nonconformities, upcoming audits', async () => {
    const obligations = await listAll({
      client,
      name: 'listObligations',
      args: { organization_id: org, overdue: true },
      key: 'obligations',
    });
    expect(obligations.length).toBeGreaterThan(0);
    for (const o of obligations) {
      expect((o.due_date as string) < today() && o.status !== 'COMPLIANT').toBe(true);
    }

    const open = await callOk({
      client,
      name: 'listNonconformities',
      args: { organization_id: org, open: true },
    });
    expect(open.total_count).toBeGreaterThan(0);
    for (const nc of open.nonconformities) expect(nc.status).not.toBe('CLOSED');

    const audits = await callOk({
      client,
      name: 'listAudits',
      args: { organization_id: org, upcoming_within_days: 120 },
    });
    expect(audits.total_count).toBeGreaterThan(0);
    for (const audit of audits.audits) expect(audit.start_date > today()).toBe(true);
  });

  it('reporting: the compliance report agrees with the registers', async () => {
    const report = await callOk({
      client,
      name: 'getComplianceReport',
      args: { organization_id: org, top_n: 3 },
    });
    const risks = await listAll({ client, name: 'listRisks', args: { organization_id: org }, key: 'risks' });
    expect(report.risks.total).toBe(risks.length);
    const high = risks.filter((r) => (r.residual_score as number) > 15);
    expect(report.risks.high_priority.count).toBeGreaterThanOrEqual(1);
    expect(report.risks.high_priority.items.length).toBeLessThanOrEqual(3);
    expect(report.risks.high_priority.items.length + report.risks.high_priority.omitted).toBe(
      report.risks.high_priority.count,
    );
    expect(report.risks.high_priority.count).toBeLessThanOrEqual(high.length);
  });

  it('audit preparation: readiness of a framework with its gaps', async () => {
    const { frameworks } = await callOk({ client, name: 'listFrameworks', args: { organization_id: org } });
    expect(frameworks.length).toBeGreaterThan(0);
    const framework = frameworks[0];
    const readiness = await callOk({
      client,
      name: 'getAuditReadiness',
      args: { organization_id: org, framework_id: framework.id },
    });
    expect(readiness.framework.id).toBe(framework.id);
    expect(readiness.control_count).toBe(framework.control_count);
    const counts = readiness.state_counts as Record<string, number>;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(framework.control_count);
    expect(readiness.readiness_percent).toBeCloseTo(
      (100 * counts.READY!) / (framework.control_count - counts.EXCLUDED!),
      1,
    );
    const gaps = readiness.gaps.controls_without_measures;
    expect(gaps.count).toBe(readiness.gap_reason_counts.NO_MEASURE);
    expect(readiness.gaps.not_ready_controls.count).toBe(counts.GAP);
    expect(gaps.items.length + gaps.omitted).toBe(gaps.count);
  });
});
