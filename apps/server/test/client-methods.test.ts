import { createHash } from 'node:crypto';
import type { ComplyClient } from '@comply/client';
import { toolNames } from '@comply/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, ownerClient, startTestServer, type TestServer } from './harness.js';
import { type AddPrerequisite, caseInput, itemsKey, REGISTERS } from './register-cases.js';

/** A client method as the loop over registers calls it (each is typed per tool). */
type Method = (input: Record<string, unknown>) => Promise<Record<string, unknown>>;

// The typed client against a real listening server: every method, called once at least.
describe.each(DRIVERS)('@comply/client methods against a real server (%s)', (driver) => {
  let server: TestServer;
  let client: ComplyClient;
  let org: string;
  const called = new Set<string>();

  beforeAll(async () => {
    server = await startTestServer({ driver });
    org = server.owner.organizationId;
    client = ownerClient(server, (url) => called.add(url.split('/').pop() ?? ''));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists and gets organizations', async () => {
    const { organizations } = await client.listOrganizations();
    expect(organizations.map((o) => o.id)).toEqual([org]);
    const detail = await client.getOrganization({ organization_id: org });
    expect(detail.id).toBe(org);
  });

  it('adds, gets, updates and lists risks', async () => {
    const added = await client.addRisk({
      organization_id: org,
      name: 'Ransomware on file servers',
      inherent_likelihood: 4,
      inherent_impact: 5,
    });
    expect(added.inherent_score).toBe(20);
    expect((await client.getRisk({ id: added.id })).name).toBe('Ransomware on file servers');
    const updated = await client.updateRisk({
      id: added.id,
      status: 'IN_TREATMENT',
      expected_updated_at: added.updated_at,
    });
    expect(updated.status).toBe('IN_TREATMENT');
    const { risks, total_count } = await client.listRisks({ organization_id: org, status: ['IN_TREATMENT'] });
    expect([risks.map((r) => r.id), total_count]).toEqual([[added.id], 1]);
  });

  it('adds, gets, updates and lists vendors', async () => {
    const added = await client.addVendor({
      organization_id: org,
      name: 'Hosting AG',
      description: 'Hosting',
    });
    expect((await client.getVendor({ id: added.id })).description).toBe('Hosting');
    const updated = await client.updateVendor({ id: added.id, risk_tier: 'HIGH' });
    expect(updated.risk_tier).toBe('HIGH');
    const { vendors } = await client.listVendors({ organization_id: org, risk_tier: ['HIGH'] });
    expect(vendors.map((v) => v.id)).toEqual([added.id]);
  });

  it('adds, gets, updates and lists measures', async () => {
    const added = await client.addMeasure({ organization_id: org, name: 'Offline backups' });
    expect((await client.getMeasure({ id: added.id })).name).toBe('Offline backups');
    expect((await client.updateMeasure({ id: added.id, state: 'IMPLEMENTED' })).state).toBe('IMPLEMENTED');
    const { measures } = await client.listMeasures({ organization_id: org, state: ['IMPLEMENTED'] });
    expect(measures.map((m) => m.id)).toEqual([added.id]);
  });

  it('adds, gets, updates and lists obligations', async () => {
    const added = await client.addObligation({ organization_id: org, title: 'GDPR Art. 30', source: 'LAW' });
    expect((await client.getObligation({ id: added.id })).title).toBe('GDPR Art. 30');
    const updated = await client.updateObligation({ id: added.id, status: 'COMPLIANT' });
    expect(updated.status).toBe('COMPLIANT');
    const { obligations } = await client.listObligations({ organization_id: org });
    expect(obligations.map((o) => o.id)).toEqual([added.id]);
  });

  it('adds, gets, updates and lists nonconformities', async () => {
    const added = await client.addNonconformity({
      organization_id: org,
      title: 'No log review',
      severity: 'MINOR',
    });
    expect((await client.getNonconformity({ id: added.id })).severity).toBe('MINOR');
    expect((await client.updateNonconformity({ id: added.id, severity: 'MAJOR' })).severity).toBe('MAJOR');
    const { nonconformities } = await client.listNonconformities({ organization_id: org });
    expect(nonconformities.map((n) => n.id)).toEqual([added.id]);
  });

  it('adds, gets, updates and lists frameworks and audits, and checks audit readiness', async () => {
    const framework = await client.addFramework({
      organization_id: org,
      name: 'ISO 27001',
      controls: [{ code: 'A.8.13', title: 'Information backup' }],
    });
    expect((await client.getFramework({ id: framework.id })).control_count).toBe(1);
    const controls = await client.listFrameworkControls({ organization_id: org, framework_id: framework.id });
    expect(controls.controls.map((c) => c.code)).toEqual(['A.8.13']);
    expect((await client.updateFramework({ id: framework.id, version: '2022' })).version).toBe('2022');
    expect((await client.listFrameworks({ organization_id: org })).frameworks.map((f) => f.id)).toEqual([
      framework.id,
    ]);
    const audit = await client.addAudit({ organization_id: org, name: 'Internal audit', kind: 'INTERNAL' });
    expect((await client.getAudit({ id: audit.id })).kind).toBe('INTERNAL');
    expect((await client.updateAudit({ id: audit.id, state: 'IN_PROGRESS' })).state).toBe('IN_PROGRESS');
    expect((await client.listAudits({ organization_id: org })).audits.map((a) => a.id)).toEqual([audit.id]);
    const readiness = await client.getAuditReadiness({ organization_id: org, framework_id: framework.id });
    expect(readiness.framework.id).toBe(framework.id);
  });

  it('sets, approves and reads the Statement of Applicability', async () => {
    const framework = (await client.listFrameworks({ organization_id: org })).frameworks[0]!;
    const scope = { organization_id: org, framework_id: framework.id };
    const updated = await client.updateControlApplicability({
      ...scope,
      controls: [{ code: 'A.8.13', applicable: false, justification: 'No data to back up.' }],
    });
    expect(updated.updated_count).toBe(1);
    const version = await client.approveStatementOfApplicability({ ...scope, note: 'First' });
    expect(version).toMatchObject({ version: 1, excluded_count: 1 });
    const soa = await client.getStatementOfApplicability({ ...scope, version: 1 });
    expect(soa.controls.map((c) => [c.code, c.applicability, c.status])).toEqual([
      ['A.8.13', 'EXCLUDED', 'EXCLUDED'],
    ]);
  });

  it('adds, gets, updates and lists assets, and links a risk to one', async () => {
    const added = await client.addAsset({ organization_id: org, name: 'Customer database', type: 'DATA' });
    expect(added.classification).toBe('INTERNAL');
    expect((await client.getAsset({ id: added.id })).name).toBe('Customer database');
    const updated = await client.updateAsset({ id: added.id, classification: 'RESTRICTED' });
    expect(updated.classification).toBe('RESTRICTED');
    const { assets } = await client.listAssets({ organization_id: org, classification: ['RESTRICTED'] });
    expect(assets.map((a) => a.id)).toEqual([added.id]);
    const { risks } = await client.listRisks({ organization_id: org });
    await client.updateRisk({ id: risks[0]!.id, asset_ids: [added.id] });
    const onAsset = await client.listRisks({ organization_id: org, asset_id: added.id });
    expect(onAsset.risks.map((r) => [r.id, r.asset_ids])).toEqual([[risks[0]!.id, [added.id]]]);
  });

  it('writes a policy, approves, publishes and acknowledges it', async () => {
    const hash = (text: string) => createHash('sha256').update(text).digest('hex');
    const added = await client.addDocument({
      organization_id: org,
      title: 'Access control policy',
      kind: 'POLICY',
      approvers: [server.owner.email],
    });
    const scope = { organization_id: org, document_id: added.id };
    const v1 = await client.addDocumentVersion({ ...scope, content: '# Access', submit: true });
    expect(v1).toMatchObject({ status: 'IN_REVIEW', current_version: 1 });
    const approved = await client.approveDocumentVersion({
      ...scope,
      version: 1,
      content_hash: hash('# Access'),
    });
    expect(approved.status).toBe('APPROVED');
    await client.updateDocument({ id: added.id, status: 'PUBLISHED' });
    const acknowledged = await client.acknowledgeDocument(scope);
    expect(acknowledged.acknowledgement_coverage).toBe(100);
    expect((await client.getDocument({ id: added.id })).published_version).toBe(1);
  });

  it('records a control test run and lists it', async () => {
    const measure = await client.addMeasure({ organization_id: org, name: 'Tested by the client' });
    const test = await client.addControlTest({
      organization_id: org,
      measure_id: measure.id,
      title: 'Client test plan',
      frequency: 'QUARTERLY',
    });
    const run = await client.recordTestRun({
      organization_id: org,
      control_test_id: test.id,
      period_start: '2026-01-01',
      period_end: '2026-03-31',
      samples_tested: 10,
      result: 'PASSED',
    });
    expect(run).toMatchObject({
      control_test_id: test.id,
      measure_id: measure.id,
      performed_by: server.owner.userId,
    });
    const runs = await client.listTestRuns({ organization_id: org, control_test_id: test.id });
    expect(runs.test_runs.map((r) => r.id)).toEqual([run.id]);
    const framework = await client.addFramework({ organization_id: org, name: 'Tested framework' });
    const effectiveness = await client.getOperatingEffectiveness({
      organization_id: org,
      framework_id: framework.id,
      period_start: '2026-01-01',
      period_end: '2026-03-31',
    });
    // The measure satisfies none of this framework's controls: nothing to show.
    expect(effectiveness).toMatchObject({
      framework_id: framework.id,
      tested_control_count: 0,
      controls: [],
    });
  });

  it('gets the compliance report', async () => {
    const report = await client.getComplianceReport({ organization_id: org });
    expect(report.organization_id).toBe(org);
    expect(report.risks.total).toBe(1);
  });

  // Every register of the catalog, from its case in register-cases.ts: a new one needs no edit here.
  it.each(REGISTERS)('adds, gets, updates and lists $register through the client', async (c) => {
    const method = (name: string) => (client as unknown as Record<string, Method>)[name]!;
    const add: AddPrerequisite = async (tool, fields) =>
      (await method(tool)({ organization_id: org, ...fields })).id;
    const input = await caseInput({ c, label: 'Client record', add });
    const added = await method(`add${c.singular}`)({ organization_id: org, ...input });
    expect((await method(`get${c.singular}`)({ id: added.id })).id).toBe(added.id);
    const updated = await method(`update${c.singular}`)({ id: added.id, ...c.patch });
    expect(updated[c.changed.field]).toEqual(c.changed.value);
    const listed = await method(`list${c.plural}`)({ organization_id: org, page_size: 100 });
    expect((listed[itemsKey(c)] as { id: string }[]).map((r) => r.id)).toContain(added.id);
  });

  it('archives and restores a record', async () => {
    const added = await client.addVendor({ organization_id: org, name: 'Archived by the client' });
    const archived = await client.archiveRecord({ id: added.id });
    expect([archived.register, archived.archived_at === null]).toEqual(['vendors', false]);
    const { vendors } = await client.listVendors({ organization_id: org, archived: true });
    expect(vendors.map((v) => v.id)).toEqual([added.id]);
    expect((await client.restoreRecord({ id: added.id })).archived_at).toBeNull();
  });

  it('completes a task through the client', async () => {
    const task = await client.addTask({ organization_id: org, title: 'Rotate keys', due_date: '2026-12-31' });
    const done = await client.completeTask({ organization_id: org, task_id: task.id, note: 'Rotated.' });
    expect(done).toMatchObject({ id: task.id, status: 'DONE', completion_note: 'Rotated.' });
  });

  it("verifies the organization's evidence files through the client", async () => {
    const added = await client.addEvidence({
      organization_id: org,
      kind: 'FILE',
      title: 'Firewall rules',
      filename: 'rules.txt',
      media_type: 'text/plain',
      content_base64: Buffer.from('allow 443\n').toString('base64'),
    });
    const verified = await client.verifyEvidence({ organization_id: org, evidence_id: added.id });
    expect(verified).toMatchObject({ checked: 1, mismatches: [] });
  });

  it('accepts a risk with an expiry, and getRisk shows the acceptance', async () => {
    const risk = await client.addRisk({
      organization_id: org,
      name: 'Vendor outage',
      inherent_likelihood: 2,
      inherent_impact: 2,
    });
    const accepted = await client.acceptRisk({
      organization_id: org,
      risk_id: risk.id,
      rationale: 'Within appetite.',
      expires_on: '2099-01-31',
    });
    expect(accepted).toMatchObject({ status: 'ACCEPTED', treatment: 'ACCEPT' });
    expect((await client.getRisk({ id: risk.id })).acceptances.map((a) => [a.expires_on, a.state])).toEqual([
      ['2099-01-31', 'ACTIVE'],
    ]);
  });

  it('has called every tool of the registry', () => {
    expect([...called].sort()).toEqual([...toolNames].sort());
    expect(called.size).toBe(toolNames.length);
  });
});
