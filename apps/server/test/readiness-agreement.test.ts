import { validateOscal } from '@comply/oscal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, signedIn } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { oscalRequest } from './oscal-client.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of replies
type Json = Record<string, any>;

/** What each control of the fixture must be, in every reader. */
const EXPECTED: Record<string, { state: string; reasons: string[] }> = {
  'C-READY': { state: 'READY', reasons: [] },
  'C-STALE': { state: 'GAP', reasons: ['EVIDENCE_EXPIRED'] },
  'C-NC': { state: 'GAP', reasons: ['OPEN_NONCONFORMITY'] },
  'C-EXCLUDED': { state: 'EXCLUDED', reasons: [] },
  'C-UNJUSTIFIED': { state: 'GAP', reasons: ['UNJUSTIFIED_NOT_APPLICABLE'] },
  'C-NONE': { state: 'GAP', reasons: ['NO_MEASURE'] },
  'C-NO-EVIDENCE': { state: 'GAP', reasons: ['NO_EVIDENCE'] },
  'C-TODO': { state: 'GAP', reasons: ['NOT_IMPLEMENTED'] },
};

// Issue 25: getAuditReadiness, the console's framework page (its readiness panel and controls
// table) and the OSCAL assessment results agree on every control's state, one case each.
describe.each(DRIVERS)('readiness agrees everywhere (%s)', (driver) => {
  let server: TestServer;
  let owner: ConsoleClient;
  let org: string;
  let fw: string;
  const recent = new Date(Date.now() - 10 * 86_400_000).toISOString();

  const tool = async (name: string, input: Json) => {
    const reply = await server.call(name, { organization_id: org, ...input });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as Json;
  };
  const measure = (code: string, data: Json) =>
    tool('addMeasure', {
      name: `Measure for ${code}`,
      controls: [{ framework_id: fw, control_code: code }],
      ...data,
    });

  beforeAll(async () => {
    server = await startTestServer({ driver });
    org = server.owner.organizationId;
    owner = await signedIn({ server, email: server.owner.email });
    fw = (
      await tool('addFramework', {
        name: 'Agreement',
        controls: Object.keys(EXPECTED).map((code) => ({ code, title: `Control ${code}` })),
      })
    ).id;
    const evidence = [{ title: 'Recent', collected_at: recent }];
    await measure('C-READY', { state: 'IMPLEMENTED', evidence });
    await measure('C-STALE', {
      state: 'IMPLEMENTED',
      evidence: [{ title: 'Policy 2019', collected_at: '2019-05-01T09:00:00.000Z' }],
    });
    const encrypted = await measure('C-NC', { state: 'IMPLEMENTED', evidence });
    await tool('addNonconformity', {
      title: 'Laptop found without disk encryption',
      severity: 'MAJOR',
      measure_id: encrypted.id,
      due_date: '2026-01-15',
      date_identified: '2026-01-05',
    });
    await measure('C-EXCLUDED', {
      state: 'NOT_APPLICABLE',
      applicability_justification: 'No physical offices.',
    });
    await measure('C-UNJUSTIFIED', { state: 'NOT_APPLICABLE' });
    await measure('C-NO-EVIDENCE', { state: 'IMPLEMENTED' });
    await measure('C-TODO', { state: 'IN_PROGRESS' });
  });
  afterAll(() => server?.stop());

  it('refuses evidence dated in the future and a vendor review dated 2031, naming the field', async () => {
    const future = await server.call('addMeasure', {
      organization_id: org,
      name: 'From the future',
      evidence: [{ title: 'x', collected_at: '2030-01-01T00:00:00.000Z' }],
    });
    expect(future.status).toBe(400);
    expect(future.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'evidence.0.collected_at' });
    const vendor = await server.call('addVendor', {
      organization_id: org,
      name: 'Reviewed later',
      last_reviewed_at: '2031-01-01',
    });
    expect(vendor.status).toBe(400);
    expect(vendor.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'last_reviewed_at' });
  });

  it('gives each control the same state in getAuditReadiness, the console and the OSCAL results', async () => {
    // 1. getAuditReadiness (MCP tool over HTTP): a control is GAP (with reasons), EXCLUDED, or READY.
    const readiness = await tool('getAuditReadiness', { framework_id: fw, top_n: 25 });
    const fromTool = new Map<string, { state: string; reasons: string[] }>();
    for (const code of Object.keys(EXPECTED)) fromTool.set(code, { state: 'READY', reasons: [] });
    for (const c of readiness.gaps.not_ready_controls.items)
      fromTool.set(c.code, { state: 'GAP', reasons: c.gap_reasons });
    for (const c of readiness.gaps.excluded_controls.items)
      fromTool.set(c.code, { state: 'EXCLUDED', reasons: [] });
    expect(Object.fromEntries(fromTool)).toEqual(EXPECTED);
    expect(readiness.state_counts).toEqual({ READY: 1, GAP: 6, EXCLUDED: 1 });
    expect(readiness.readiness_percent).toBe(14.3); // 1 of the 7 controls in scope
    expect(readiness.gaps.excluded_controls.items[0].exclusions[0].justification).toBe(
      'No physical offices.',
    );

    // 2. The console's framework page: its readiness panel (the same tool) and its controls table.
    const panel = await owner.get(`/orgs/${org}/readiness/${fw}`);
    expect(panel.status).toBe(200);
    expect(panel.body.state_counts).toEqual(readiness.state_counts);
    expect(panel.body.gaps.not_ready_controls).toEqual(readiness.gaps.not_ready_controls);
    const page = await owner.get(`/orgs/${org}/frameworks/${fw}/controls?page_size=3`);
    const rest = await owner.get(
      `/orgs/${org}/frameworks/${fw}/controls?page_size=10&cursor=${encodeURIComponent(page.body.next_cursor)}`,
    );
    const fromConsole = Object.fromEntries(
      [...page.body.controls, ...rest.body.controls].map((c: Json) => [
        c.code,
        { state: c.readiness, reasons: c.gap_reasons },
      ]),
    );
    expect(fromConsole).toEqual(EXPECTED);

    // 3. The OSCAL assessment results: one finding per control, its state in the `readiness` prop.
    const exported = await oscalRequest({
      url: server.url,
      token: server.owner.token,
      path: `/api/oscal/export/assessment-results?organization_id=${org}&framework_id=${fw}`,
    });
    expect(exported.status).toBe(200);
    expect(validateOscal(exported.body)).toEqual({ ok: true, model: 'assessment-results' });
    const result = exported.body['assessment-results'].results.find(
      (r: Json) => r.title === 'Audit readiness: Agreement',
    );
    const prop = (f: Json, name: string) =>
      f.props.find((p: Json) => p.name === name)?.value as string | undefined;
    const fromOscal = Object.fromEntries(
      result.findings.map((f: Json) => [
        prop(f, 'control-code'),
        { state: prop(f, 'readiness'), reasons: prop(f, 'gap-reasons')?.split(' ') ?? [] },
      ]),
    );
    expect(fromOscal).toEqual(EXPECTED);
    // The nonconformity behind C-NC, raised outside any audit, is in the framework's document too.
    const outside = exported.body['assessment-results'].results.find(
      (r: Json) => r.title === 'Nonconformities found outside audits',
    );
    expect(outside.findings.map((f: Json) => f.title)).toEqual([
      expect.stringContaining('Laptop found without disk encryption'),
    ]);
    const statusOf = (code: string) =>
      result.findings.find((f: Json) => prop(f, 'control-code') === code).target.status.state;
    expect(statusOf('C-READY')).toBe('satisfied');
    expect(statusOf('C-STALE')).toBe('not-satisfied');
    // The same document from the console's export link.
    const fromLink = await owner.get(`/orgs/${org}/oscal/export/assessment-results?framework_id=${fw}`);
    expect(fromLink.body).toEqual(exported.body);
  });

  it('lists the stale evidence as expired in the compliance report', async () => {
    const report = await tool('getComplianceReport', { evidence_expiring_within_days: 365 });
    expect(report.evidence.expired.items.map((e: Json) => e.measure_name)).toEqual(['Measure for C-STALE']);
    expect(report.evidence.expiring.items.map((e: Json) => e.measure_name)).toEqual(
      expect.arrayContaining(['Measure for C-READY', 'Measure for C-NC']),
    );
  });

  it('sets the evidence validity in the console (OWNER or ADMIN) and returns it in getOrganization', async () => {
    expect((await tool('getOrganization', {})).evidence_validity_months).toBe(12);
    const editor = await server.addMember({ organizationId: org, role: 'EDITOR' });
    const editorClient = await signedIn({ server, email: editor.email });
    const refused = await editorClient.patch(`/orgs/${org}/settings`, { evidence_validity_months: 1 });
    expect(refused.status).toBe(403);
    // The OWNER of another organization cannot reach this one's settings.
    const stranger = await signedIn({ server, email: (await server.addMember()).email });
    const foreign = await stranger.patch(`/orgs/${org}/settings`, { evidence_validity_months: 1 });
    expect(foreign.status).toBe(404);
    const bad = await owner.patch(`/orgs/${org}/settings`, { evidence_validity_months: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('evidence_validity_months');
    const set = await owner.patch(`/orgs/${org}/settings`, { evidence_validity_months: 6 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.organization.evidence_validity_months).toBe(6);
    expect((await tool('getOrganization', {})).evidence_validity_months).toBe(6);
    const { measures } = await tool('listMeasures', { query: 'C-READY' });
    const validUntil = new Date(recent);
    validUntil.setUTCMonth(validUntil.getUTCMonth() + 6);
    expect(measures[0].evidence[0].valid_until).toBe(validUntil.toISOString().slice(0, 10));
    const entries = (await owner.get(`/orgs/${org}/activity?action=updateOrganizationSettings`)).body.entries;
    expect(entries[0]).toMatchObject({ source: 'console', actor_user_id: server.owner.userId });
  });
});
