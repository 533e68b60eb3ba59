import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './console-client.js';
import { parseCsv, readXlsx } from './export-files.js';
import { DRIVERS, useTestServer } from './harness.js';
import { type MemberClient, memberClient } from './member-client.js';

// The auditor's files: the Statement of Applicability (current or an approved version) and the
// risk treatment plan, as XLSX and CSV, over REST with a token and from the console.
describe.each(DRIVERS)('auditor exports (%s)', (driver) => {
  const server = useTestServer({ driver });
  let owner: MemberClient;
  let org: string;
  let frameworkId: string;
  let controlCount: number;

  beforeAll(async () => {
    org = server.owner.organizationId;
    owner = memberClient({ server, member: server.owner });
    const framework = await owner.ok('addFramework', { library_key: 'iso-27001-2022' });
    frameworkId = framework.id;
    controlCount = framework.control_count;
    await owner.ok('updateControlApplicability', {
      framework_id: frameworkId,
      controls: [
        { code: 'A.5.1', applicable: true, justification: 'Policies are required.', owner: 'CISO' },
        { code: 'A.7.1', applicable: false, justification: 'Fully remote: no premises.' },
      ],
    });
    await owner.ok('approveStatementOfApplicability', { framework_id: frameworkId, note: 'v1' });
    // A later change: the current SoA differs from version 1.
    await owner.ok('updateControlApplicability', {
      framework_id: frameworkId,
      controls: [{ code: 'A.7.2', applicable: false, justification: 'No entry points.' }],
    });
  });

  const rest = (path: string, token = server.owner.token) =>
    fetch(`${server.url}/api/export/${path}`, { headers: { authorization: `Bearer ${token}` } });
  const soaPath = (format: string, extra = '') =>
    `statement-of-applicability/${format}?organization_id=${org}&framework_id=${frameworkId}${extra}`;
  const headerIndex = (sheet: ExcelJS.Worksheet) =>
    Object.fromEntries(
      (sheet.getRow(1).values as unknown[]).flatMap((v, i) => (v === undefined ? [] : [[v, i] as const])),
    );

  it('exports the current SoA as XLSX: one typed row per control, frozen header, filter', async () => {
    const reply = await rest(soaPath('xlsx'));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toMatch(
      /statement-of-applicability-\d{4}-\d{2}-\d{2}\.xlsx/,
    );
    const sheet = await readXlsx(await reply.arrayBuffer());
    expect(controlCount).toBe(93);
    expect(sheet.rowCount).toBe(1 + 93);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:K1');
    const col = headerIndex(sheet);
    const rows = Array.from({ length: 93 }, (_, i) => sheet.getRow(i + 2));
    const byCode = (code: string) => rows.find((r) => r.getCell(col.Control).value === code)!;
    expect(byCode('A.5.1').getCell(col.Applicability).value).toBe('Applicable');
    expect(byCode('A.5.1').getCell(col.Owner).value).toBe('CISO');
    const reviewed = byCode('A.5.1').getCell(col['Last reviewed']);
    expect(reviewed.type).toBe(ExcelJS.ValueType.Date);
    expect(reviewed.value).toBeInstanceOf(Date);
    expect(byCode('A.7.2').getCell(col.Applicability).value).toBe('Excluded');
    expect(byCode('A.7.2').getCell(col.Justification).value).toBe('No entry points.');
    expect(byCode('A.8.1').getCell(col.Applicability).value).toBe('Undecided');
    expect(byCode('A.8.1').getCell(col['Measure count']).value).toBe(0);
    expect(byCode('A.8.1').getCell(col['Measure count']).type).toBe(ExcelJS.ValueType.Number);
  });

  it('exports an approved version as it was approved, and refuses a version never approved', async () => {
    const reply = await rest(soaPath('csv', '&version=1'));
    expect(reply.status).toBe(200);
    const rows = parseCsv(await reply.text());
    expect(rows).toHaveLength(1 + 93);
    const header = rows[0]!;
    const code = header.indexOf('Control');
    const applicability = header.indexOf('Applicability');
    expect(rows.find((r) => r[code] === 'A.7.1')?.[applicability]).toBe('Excluded');
    expect(rows.find((r) => r[code] === 'A.7.2')?.[applicability]).toBe('Undecided');
    const missing = await rest(soaPath('csv', '&version=7'));
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ code: 'NOT_FOUND', field: 'version' });
    const bad = await rest(soaPath('csv', '&version=x'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ field: 'version' });
  });

  it('exports the risk treatment plan: measures, owners, review dates and the current acceptance', async () => {
    const measure = await owner.ok('addMeasure', { name: 'Backups', state: 'NOT_STARTED', owner: 'IT' });
    const mitigated = await owner.ok('addRisk', {
      name: 'Ransomware',
      inherent_likelihood: 5,
      inherent_impact: 5,
      treatment: 'MITIGATE',
      measure_ids: [measure.id],
      review_date: '2026-12-01',
      owner: 'CISO',
    });
    const accepted = await owner.ok('addRisk', {
      name: 'Vendor outage',
      inherent_likelihood: 2,
      inherent_impact: 3,
    });
    await owner.ok('acceptRisk', {
      risk_id: accepted.id,
      rationale: 'Low impact.',
      conditions: 'SLA holds.',
      expires_on: '2099-03-31',
    });
    const reply = await rest(`risk-treatment-plan/xlsx?organization_id=${org}`);
    expect(reply.status).toBe(200);
    const sheet = await readXlsx(await reply.arrayBuffer());
    expect(sheet.name).toBe('Risk treatment plan');
    expect(sheet.rowCount).toBe(3);
    const col = headerIndex(sheet);
    const row = (id: string) =>
      [2, 3].map((n) => sheet.getRow(n)).find((r) => r.getCell(col.Id).value === id)!;
    const first = row(mitigated.id);
    expect(first.getCell(col.Treatment).value).toBe('Mitigate');
    expect(first.getCell(col.Measures).value).toBe('Backups (Not started)');
    expect(first.getCell(col['Measure owners']).value).toBe('IT');
    expect(first.getCell(col['Measures not implemented']).value).toBe(1);
    expect(first.getCell(col['Review date']).value).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(first.getCell(col['Residual score']).value).toBe(25);
    const second = row(accepted.id);
    expect(second.getCell(col.Status).value).toBe('Accepted');
    expect(second.getCell(col['Accepted by']).value).toBe(server.owner.email);
    expect(second.getCell(col['Accepted at']).value).toBeInstanceOf(Date);
    expect(second.getCell(col['Acceptance expires']).value).toEqual(new Date('2099-03-31T00:00:00Z'));
    expect(second.getCell(col.Acceptance).value).toBe('Active');
    const csv = parseCsv(await (await rest(`risk-treatment-plan/csv?organization_id=${org}`)).text());
    expect(csv).toHaveLength(3);
    expect(csv[0]).toContain('Acceptance expires');
  });

  it('refuses without a token and outside the caller’s organizations', async () => {
    expect((await fetch(`${server.url}/api/export/${soaPath('xlsx')}`)).status).toBe(401);
    const stranger = await server.addMember();
    expect((await rest(soaPath('xlsx'), stranger.token)).status).toBe(404);
    expect((await rest(`risk-treatment-plan/csv?organization_id=${org}`, stranger.token)).status).toBe(404);
    const theirs = `statement-of-applicability/csv?organization_id=${stranger.organizationId}&framework_id=${frameworkId}`;
    expect((await rest(theirs, stranger.token)).status).toBe(404);
  });

  it('downloads both files from the console with the session', async () => {
    const console = await signedIn({ server, email: server.owner.email });
    const get = (path: string) =>
      fetch(`${server.url}/api/console/orgs/${org}/exports/${path}`, {
        headers: { cookie: `comply_session=${console.cookie}` },
      });
    const soa = await get(`statement-of-applicability/xlsx?framework_id=${frameworkId}&version=1`);
    expect(soa.status).toBe(200);
    expect((await readXlsx(await soa.arrayBuffer())).name).toBe('Statement of Applicability v1');
    const plan = await get('risk-treatment-plan/csv');
    expect(plan.status).toBe(200);
    expect(parseCsv(await plan.text())[0]?.[0]).toBe('Risk');
    expect((await get('nothing/csv')).status).toBe(404);
  });
});
