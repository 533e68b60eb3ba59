import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentOf, sha256 } from './bytes.js';
import { signedIn } from './console-client.js';
import { DRIVERS, type Member, startTestServer, type TestServer } from './harness.js';
import { downloadPackage, verifyManifest } from './package-zip.js';

const DAY = 86_400_000;

const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const dayAgo = (n: number) => daysAgo(n).slice(0, 10);

/**
 * The auditor package (docs/server.md, "Auditor package") on both drivers: a real download over
 * HTTP with an AUDITOR's token, unzipped with yauzl, every SHA-256 and size of its manifest
 * re-verified against the bytes read back, the evidence files compared byte for byte with what
 * was uploaded, the period's selection, a tampered blob reported, and the refusals.
 */
describe.each(DRIVERS)('auditor package (%s)', (driver) => {
  let server: TestServer;
  let auditor: Member;
  let org: string;
  let frameworkId: string;
  let dir: string;
  const files = new Map<string, Buffer>();
  const ids: Record<string, string> = {};
  const period = { start: dayAgo(200), end: dayAgo(30) };
  const call = async (tool: string, input: Record<string, unknown>) => {
    const reply = await server.call(tool, { organization_id: org, ...input });
    if (reply.status !== 200) throw new Error(`${tool}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const addFile = async (args: { key: string; measure: string; collected: number; validUntil?: string }) => {
    const content = contentOf(150_000 + args.key.length * 1000, args.key);
    const record = await call('addEvidence', {
      kind: 'FILE',
      title: `Evidence ${args.key}`,
      content_base64: content.toString('base64'),
      filename: `${args.key} report.bin`,
      media_type: 'application/octet-stream',
      collected_at: daysAgo(args.collected),
      ...(args.validUntil && { valid_until: args.validUntil }),
      measure_ids: [args.measure],
    });
    ids[args.key] = record.id;
    files.set(`${record.id}/1`, content);
    return record;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'comply-package-'));
    server = await startTestServer({ driver });
    org = server.owner.organizationId;
    frameworkId = (
      await call('addFramework', {
        name: 'SOC 2 scope',
        controls: [
          { code: 'CC6.1', title: 'Logical access' },
          { code: 'CC7.2', title: 'Monitoring' },
        ],
      })
    ).id;
    const other = (await call('addFramework', { name: 'Other', controls: [{ code: 'X.1', title: 'Other' }] }))
      .id;
    const measure = async (name: string, fw: string, code: string) =>
      (
        await call('addMeasure', {
          name,
          state: 'IMPLEMENTED',
          controls: [{ framework_id: fw, control_code: code }],
        })
      ).id as string;
    const access = await measure('Access reviews', frameworkId, 'CC6.1');
    const monitoring = await measure('Log monitoring', frameworkId, 'CC7.2');
    const elsewhere = await measure('Other control', other, 'X.1');

    // In the period: a file with two revisions, a larger file by multipart upload, a URL.
    const first = await addFile({ key: 'access-q1', measure: access, collected: 100 });
    const second = contentOf(120_000, 'access-q1 revised');
    await call('updateEvidence', {
      id: first.id,
      content_base64: second.toString('base64'),
      filename: 'access q1 (revised).bin',
    });
    files.set(`${first.id}/2`, second);
    const large = contentOf(2 * 1024 * 1024 + 12_345, 'monitoring');
    const form = new FormData();
    for (const [k, v] of Object.entries({
      organization_id: org,
      kind: 'FILE',
      title: 'SIEM alert review',
      collected_at: daysAgo(60),
      measure_ids: monitoring,
    }))
      form.append(k, v);
    form.set('file', new Blob([new Uint8Array(large)], { type: 'application/octet-stream' }), 'siem.bin');
    const uploaded = await fetch(`${server.url}/api/evidence/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${server.owner.token}` },
    });
    expect(uploaded.status).toBe(200);
    ids.monitoring = ((await uploaded.json()) as { id: string }).id;
    files.set(`${ids.monitoring}/1`, large);
    ids.url = (
      await call('addEvidence', {
        kind: 'URL',
        title: 'Access policy page',
        url: 'https://intranet.example.test/access-policy',
        collected_at: daysAgo(150),
        measure_ids: [access],
      })
    ).id;
    // Not in it: collected after the period, expired before it, evidence of another framework.
    await addFile({ key: 'late', measure: access, collected: 10 });
    await addFile({ key: 'old', measure: access, collected: 900, validUntil: dayAgo(500) });
    await addFile({ key: 'elsewhere', measure: elsewhere, collected: 100 });
    // A quarterly access test with one run in the period and one after it.
    const test = await call('addControlTest', {
      measure_id: access,
      title: 'Leavers',
      frequency: 'QUARTERLY',
    });
    for (const [from, to] of [
      [150, 60],
      [20, 5],
    ] as const) {
      const input = {
        period_start: dayAgo(from),
        period_end: dayAgo(to),
        samples_tested: 5,
        result: 'PASSED',
      };
      await call('recordTestRun', { control_test_id: test.id, ...input });
    }
    await call('approveStatementOfApplicability', { framework_id: frameworkId });
    auditor = await server.addMember({ organizationId: org, role: 'AUDITOR' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const packageUrl = (query: Record<string, string>) =>
    `${server.url}/api/export/auditor-package?${new URLSearchParams(query).toString()}`;
  /** The package of the framework for the period the fixtures are dated in. */
  const periodPackageUrl = () =>
    packageUrl({
      organization_id: org,
      framework_id: frameworkId,
      period_start: period.start,
      period_end: period.end,
    });

  it('streams a ZIP to an AUDITOR’s token whose manifest verifies, with the period’s evidence byte for byte', async () => {
    const { entries, manifest, byName } = await downloadPackage({
      dir,
      url: periodPackageUrl(),
      headers: { authorization: `Bearer ${auditor.token}` },
    });
    verifyManifest({ entries, manifest });
    expect(manifest.framework).toMatchObject({ id: frameworkId, name: 'SOC 2 scope' });
    expect(manifest.period).toEqual(period);
    expect(manifest.generated_by).toMatchObject({
      user_id: auditor.userId,
      email: auditor.email,
      source: 'rest',
    });
    expect(manifest.generated_by.token_id).toBe(auditor.tokenId);
    expect(manifest.integrity.problems).toEqual([]);
    for (const path of [
      'oscal/system-security-plan.json',
      'oscal/assessment-results.json',
      'statement-of-applicability/statement-of-applicability.xlsx',
      'statement-of-applicability/statement-of-applicability.csv',
      'readiness/audit-readiness.json',
      'registers/risk-treatment-plan.xlsx',
      'registers/risk-treatment-plan.csv',
      'control-tests/operating-effectiveness.json',
      'control-tests/control-test-runs.xlsx',
      'control-tests/control-test-runs.csv',
      'evidence/index.csv',
    ]) {
      expect(byName.has(path), path).toBe(true);
    }
    expect(manifest.sections.find((s) => s.name === 'control-tests')).toMatchObject({ runs: 1 });
    expect(byName.get('control-tests/control-test-runs.csv')!.data!.toString()).toContain(dayAgo(150));
    const ssp = JSON.parse(byName.get('oscal/system-security-plan.json')!.data!.toString());
    expect(ssp['system-security-plan']).toBeDefined();
    // The SoA was approved after the period: no approved version was in force during it.
    expect(
      manifest.sections.find((s) => s.name === 'statement-of-applicability')?.approved_version,
    ).toBeNull();

    const evidence = manifest.files.filter((f) => f.section === 'evidence' && f.evidence_id);
    expect(evidence.map((f) => `${f.evidence_id}/${f.revision}`).sort()).toEqual(
      [`${ids['access-q1']}/1`, `${ids['access-q1']}/2`, `${ids.monitoring}/1`].sort(),
    );
    for (const file of evidence) {
      const original = files.get(`${file.evidence_id}/${file.revision}`)!;
      expect(byName.get(file.path)!.data!.equals(original), file.path).toBe(true);
      expect(file.sha256).toBe(sha256(original));
    }
    expect(evidence.find((f) => f.revision === 1 && f.evidence_id === ids['access-q1'])?.path).toBe(
      `evidence/${ids['access-q1']}/r1-access-q1_report.bin`,
    );
    const index = byName.get('evidence/index.csv')!.data!.toString();
    expect(index).toContain('https://intranet.example.test/access-policy');
    for (const left of ['late', 'old', 'elsewhere']) expect(index).not.toContain(ids[left]);
  });

  it('gives the console the same package, with the SoA version in force at the period’s end', async () => {
    const owner = await signedIn({ server, email: server.owner.email });
    const query = new URLSearchParams({
      framework_id: frameworkId,
      period_start: dayAgo(30),
      period_end: dayAgo(0),
    });
    const { entries, manifest, byName } = await downloadPackage({
      dir,
      url: `${server.url}/api/console/orgs/${org}/auditor-package?${query.toString()}`,
      headers: { cookie: `comply_session=${owner.cookie}` },
    });
    verifyManifest({ entries, manifest });
    expect(manifest.generated_by).toMatchObject({
      user_id: server.owner.userId,
      token_id: null,
      source: 'console',
    });
    expect(
      manifest.sections.find((s) => s.name === 'statement-of-applicability')?.approved_version,
    ).toMatchObject({
      version: 1,
    });
    expect(byName.has('statement-of-applicability/statement-of-applicability-v1.xlsx')).toBe(true);
    // Collected 10 days ago: in this period.
    expect(manifest.files.some((f) => f.evidence_id === ids.late)).toBe(true);
  });

  it('reports a tampered blob in the manifest, with the hash of the bytes it holds', async () => {
    const original = files.get(`${ids.monitoring}/1`)!;
    await sql`update blob_chunks set data = ${Buffer.from('forged')}
      where seq = 1 and blob_id = (select id from blobs where organization_id = ${org}
        and sha256 = ${sha256(original)})`.execute(server.storage.db);
    const { entries, manifest, byName } = await downloadPackage({
      dir,
      url: periodPackageUrl(),
      headers: { authorization: `Bearer ${server.owner.token}` },
    });
    verifyManifest({ entries, manifest });
    expect(manifest.integrity.problems).toEqual([
      expect.objectContaining({ evidence_id: ids.monitoring, recorded_sha256: sha256(original) }),
    ]);
    const held = manifest.files.find((f) => f.evidence_id === ids.monitoring)!;
    expect(held.sha256).toBe(manifest.integrity.problems[0]!.actual_sha256);
    expect(byName.get(held.path)!.size).toBe(1024 * 1024 + 6 + 12_345);
  });

  it('refuses what it cannot serve, naming the field', async () => {
    const token = { authorization: `Bearer ${auditor.token}` };
    const base = {
      organization_id: org,
      framework_id: frameworkId,
      period_start: period.start,
      period_end: period.end,
    };
    const refused = async (query: Record<string, string>, headers: Record<string, string> = token) => {
      const response = await fetch(packageUrl(query), { headers });
      return {
        status: response.status,
        body: (await response.json()) as { error: { code: string; field?: string } },
      };
    };
    expect((await refused(base, {})).status).toBe(401);
    const { period_start: _, ...noStart } = base;
    expect(await refused(noStart)).toMatchObject({ status: 400, body: { error: { field: 'period_start' } } });
    expect(await refused({ ...base, period_end: '2026-02-30' })).toMatchObject({
      status: 400,
      body: { error: { field: 'period_end' } },
    });
    expect(await refused({ ...base, period_end: dayAgo(300) })).toMatchObject({
      status: 400,
      body: { error: { field: 'period_end' } },
    });
    expect(await refused({ ...base, framework_id: 'fw_01JD3W5Q8Z6X4V2T0R9P7N5M3K' })).toMatchObject({
      status: 404,
      body: { error: { field: 'framework_id' } },
    });
    const stranger = await server.addMember();
    expect(await refused({ ...base, organization_id: stranger.organizationId })).toMatchObject({
      status: 404,
      body: { error: { field: 'organization_id' } },
    });
  });
});
