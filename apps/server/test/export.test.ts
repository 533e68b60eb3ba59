import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../src/export/csv.js';
import type { ExportTable } from '../src/export/table.js';
import { toXlsx } from '../src/export/xlsx.js';
import { type ConsoleClient, signedIn } from './console-client.js';
import { parseCsv, readXlsx } from './export-files.js';
import { DRIVERS, useTestServer } from './harness.js';
import { memberClient } from './member-client.js';

const TABLE: ExportTable = {
  title: 'Vendors',
  columns: [
    { key: 'name', header: 'Name' },
    { key: 'score', header: 'Score', type: 'number' },
    { key: 'due', header: 'Due', type: 'date' },
    { key: 'overdue', header: 'Overdue', type: 'boolean' },
  ],
  rows: [
    { name: '=HYPERLINK("http://evil.example","x")', score: 12, due: '2026-05-01', overdue: true },
    { name: 'Acme, "Inc."\nsecond line', score: null, due: null, overdue: false },
    { name: '@SUM(A1)', score: 3, due: '2026-12-31', overdue: false },
  ],
};

describe('exporter: CSV and XLSX from columns and rows', () => {
  it('quotes CSV fields and keeps formulas as text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    for (const start of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvField(start)).toBe(`'${start}`);
    const text = toCsv(TABLE);
    expect(text.startsWith('\uFEFFName,Score,Due,Overdue\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['Name', 'Score', 'Due', 'Overdue'],
      [`'=HYPERLINK("http://evil.example","x")`, '12', '2026-05-01', 'Yes'],
      ['Acme, "Inc."\nsecond line', '', '', 'No'],
      ["'@SUM(A1)", '3', '2026-12-31', 'No'],
    ]);
  });

  it('writes typed XLSX cells under a frozen header with an autofilter', async () => {
    const sheet = await readXlsx((await toXlsx(TABLE)).buffer as ArrayBuffer);
    expect(sheet.name).toBe('Vendors');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Score', 'Due', 'Overdue']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:D1');
    const first = sheet.getRow(2);
    // A formula typed by a user stays text: no formula cell.
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(1).value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(first.getCell(2).value).toBe(12);
    expect(first.getCell(3).value).toEqual(new Date('2026-05-01T00:00:00Z'));
    expect(first.getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(4).value).toBe(true);
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.rowCount).toBe(4);
  });
});

describe.each(DRIVERS)('register exports over REST and the console (%s)', (driver) => {
  const server = useTestServer({ driver });
  let owner: ConsoleClient;
  let org: string;
  beforeAll(async () => {
    owner = await signedIn({ server, email: server.owner.email });
    org = server.owner.organizationId;
    const tools = memberClient({ server, member: server.owner });
    // 120 vendors: more than one list page (100), so the export follows the cursor.
    for (let start = 0; start < 120; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          tools.ok('addVendor', {
            name: `Vendor ${String(start + i).padStart(3, '0')}`,
            risk_tier: start + i < 30 ? 'HIGH' : 'LOW',
          }),
        ),
      );
    }
    await tools.ok('addRisk', { name: '=cmd|calc', inherent_likelihood: 4, inherent_impact: 5 });
  }, 120_000);

  const rest = (path: string, token = server.owner.token) =>
    fetch(`${server.url}/api/export/${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('exports every page of a filtered register as CSV with a Bearer token', async () => {
    const all = await rest(`vendors/csv?organization_id=${org}&order_by=name:asc`);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toMatch(
      /^attachment; filename="vendors-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await all.text());
    expect(rows[0]).toEqual([
      'Name',
      'Risk tier',
      'Status',
      'Last reviewed at',
      'Next review due',
      'Review overdue',
      'Never reviewed',
      'Id',
    ]);
    expect(rows).toHaveLength(121);
    expect(rows[1]?.slice(0, 3)).toEqual(['Vendor 000', 'High', 'Active']);

    const high = parseCsv(await (await rest(`vendors/csv?organization_id=${org}&risk_tier=HIGH`)).text());
    expect(high).toHaveLength(31);
    expect(new Set(high.slice(1).map((r) => r[1]))).toEqual(new Set(['High']));

    const risks = parseCsv(await (await rest(`risks/csv?organization_id=${org}`)).text());
    expect(risks[1]?.[0]).toBe("'=cmd|calc");
  });

  it('exports the same view as XLSX with dates and numbers typed', async () => {
    const reply = await rest(`risks/xlsx?organization_id=${org}&status=OPEN`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await readXlsx(await reply.arrayBuffer());
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Status',
      'Residual score',
      'Inherent score',
      'Treatment',
      'Owner',
      'Id',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe('=cmd|calc');
    expect(sheet.getRow(2).getCell(2).value).toBe('Open');
    expect(sheet.getRow(2).getCell(4).value).toBe(20);
  });

  it('refuses without a token, outside the caller’s organizations and for unknown formats', async () => {
    expect((await fetch(`${server.url}/api/export/vendors/csv?organization_id=${org}`)).status).toBe(401);
    const stranger = await server.addMember();
    const foreign = await rest(`vendors/csv?organization_id=${org}`, stranger.token);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.field).toBe('organization_id');
    const format = await rest(`vendors/pdf?organization_id=${org}`);
    expect(format.status).toBe(400);
    expect((await format.json()).error).toMatchObject({
      field: 'format',
      message: expect.stringContaining('csv, xlsx'),
    });
    const register = await rest(`widgets/csv?organization_id=${org}`);
    expect(register.status).toBe(404);
    const filter = await rest(`vendors/csv?organization_id=${org}&risk_tier=HUGE`);
    expect(filter.status).toBe(400);
    expect((await filter.json()).error.field).toMatch(/^risk_tier/);
  });

  it('exports from the console with the session, only in the user’s organizations', async () => {
    const get = (path: string) =>
      fetch(`${server.url}/api/console${path}`, { headers: { cookie: `comply_session=${owner.cookie}` } });
    const reply = await get(`/orgs/${org}/registers/vendors/export/csv?risk_tier=HIGH&order_by=name:desc`);
    expect(reply.status).toBe(200);
    const rows = parseCsv(await reply.text());
    expect(rows).toHaveLength(31);
    expect(rows[1]?.[0]).toBe('Vendor 029');
    const xlsx = await get(`/orgs/${org}/registers/vendors/export/xlsx?risk_tier=HIGH`);
    expect((await readXlsx(await xlsx.arrayBuffer())).rowCount).toBe(31);
    const stranger = await server.addMember();
    expect((await get(`/orgs/${stranger.organizationId}/registers/vendors/export/csv`)).status).toBe(404);
  });
});
