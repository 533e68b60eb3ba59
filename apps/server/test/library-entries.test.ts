import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listLibrary } from '@comply/oscal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { oscalRequest } from './oscal-client.js';

const FULL_CATALOG_EXCERPT = fileURLToPath(
  new URL('../../../packages/oscal/test/fixtures/nist-800-53-full-catalog-excerpt.json', import.meta.url),
);

// The entries added for issue 25 (CSF 2.0, SP 800-171 Rev. 3, ISO/IEC 27001 clauses 4–10, NIS2 with
// registration), and the full SP 800-53 catalog through OSCAL import.
describe.each(DRIVERS)('library entries and the full NIST catalog (%s)', (driver) => {
  let server: TestServer;
  let org: string;
  const counts = Object.fromEntries(listLibrary().map((entry) => [entry.key, entry.control_count]));

  beforeAll(async () => {
    server = await startTestServer({ driver });
    org = server.owner.organizationId;
  });
  afterAll(() => server?.stop());

  it.each([
    ['nist-csf-2.0', 'GV.OC-01', 'GV.OC'],
    ['nist-sp-800-171-r3', '03.01.01', null],
    ['iso-27001-2022-clauses', '6.1.2', '6.1'],
    ['nis2', 'Art. 27(2)', null],
  ])('adopts %s with every control, and readiness covers them all', async (key, code, parent) => {
    const adopted = await server.call('addFramework', { organization_id: org, library_key: key });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    expect(adopted.body).toMatchObject({ source: 'library', library_key: key, control_count: counts[key] });
    const found = await server.call('listFrameworkControls', {
      organization_id: org,
      framework_id: adopted.body.id,
      query: code,
      page_size: 100,
    });
    const control = found.body.controls.find((c: { code: string }) => c.code === code);
    expect(control, code).toMatchObject({ code, parent_code: parent });
    const readiness = await server.call('getAuditReadiness', {
      organization_id: org,
      framework_id: adopted.body.id,
    });
    expect(readiness.body.control_count).toBe(counts[key]);
  });

  it('imports a document in the full SP 800-53 catalog’s shape, with PM-1 and AC-2(6) the library entry lacks', async () => {
    const doc = JSON.parse(readFileSync(FULL_CATALOG_EXCERPT, 'utf8'));
    const reply = await oscalRequest({
      url: server.url,
      token: server.owner.token,
      path: `/api/oscal/import?organization_id=${org}`,
      body: doc,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.control_count).toBe(5);
    const controls = await server.call('listFrameworkControls', {
      organization_id: org,
      framework_id: reply.body.framework_id,
      page_size: 100,
    });
    expect(controls.body.controls.map((c: { code: string }) => c.code)).toEqual([
      'AC-1',
      'AC-2',
      'AC-2(1)',
      'AC-2(6)',
      'PM-1',
    ]);
    expect(controls.body.controls.find((c: { code: string }) => c.code === 'AC-2(6)')).toMatchObject({
      parent_code: 'AC-2',
      family: 'Access Control',
    });
    const library = await server.call('addFramework', {
      organization_id: org,
      library_key: 'nist-sp-800-53-r5',
    });
    const missing = await server.call('listFrameworkControls', {
      organization_id: org,
      framework_id: library.body.id,
      query: 'PM-1',
    });
    expect(missing.body.controls.map((c: { code: string }) => c.code)).not.toContain('PM-1');
  });
});
