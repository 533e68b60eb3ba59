import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateOscal } from '@comply/oscal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, signedIn } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

const CATALOG = fileURLToPath(
  new URL('../../../packages/oscal/test/fixtures/basic-catalog.json', import.meta.url),
);

describe.each(DRIVERS)('console frameworks, library and OSCAL (%s)', (driver) => {
  let server: TestServer;
  let owner: ConsoleClient;
  let org: string;
  let nist: string;
  const catalog = () => JSON.parse(readFileSync(CATALOG, 'utf8'));
  const frameworkCount = async () =>
    (await owner.get(`/orgs/${org}/registers/frameworks`)).body.total_count as number;
  const auditCount = async () => (await owner.get(`/orgs/${org}/activity`)).body.total_count as number;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    owner = await signedIn({ server, email: server.owner.email });
    org = server.owner.organizationId;
    const adopted = await owner.post(`/orgs/${org}/tools/addFramework`, {
      library_key: 'nist-sp-800-53-r5',
      baseline: 'LOW',
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    nist = adopted.body.id;
    await owner.post(`/orgs/${org}/tools/addMeasure`, {
      name: 'Account management',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: nist, control_code: 'AC-2' }],
    });
  });
  afterAll(() => server?.stop());

  it('lists the library to any signed-in user', async () => {
    const reply = await owner.get('/library');
    expect(reply.status).toBe(200);
    const entry = reply.body.entries.find((e: { key: string }) => e.key === 'nist-sp-800-53-r5');
    expect(entry.baselines).toEqual(['LOW', 'MODERATE', 'HIGH', 'PRIVACY']);
  });

  it("pages and filters a framework's controls through listFrameworkControls", async () => {
    const first = await owner.get(`/orgs/${org}/frameworks/${nist}/controls?page_size=10`);
    expect(first.status).toBe(200);
    expect(first.body.controls).toHaveLength(10);
    expect(first.body.total_count).toBeGreaterThan(100);
    const cursor = encodeURIComponent(first.body.next_cursor);
    const second = await owner.get(`/orgs/${org}/frameworks/${nist}/controls?page_size=10&cursor=${cursor}`);
    expect(second.body.controls[0].position).toBe(10);
    const covered = await owner.get(`/orgs/${org}/frameworks/${nist}/controls?covered=true`);
    expect(covered.body.controls.map((c: { code: string }) => c.code)).toEqual(['AC-2']);
    const family = await owner.get(`/orgs/${org}/frameworks/${nist}/controls?family=ac&page_size=100`);
    expect(family.body.controls.every((c: { code: string }) => c.code.startsWith('AC-'))).toBe(true);
    const bad = await owner.get(`/orgs/${org}/frameworks/${nist}/controls?covered=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('covered');
  });

  it('imports an uploaded catalog for an EDITOR, refuses a VIEWER and another organization', async () => {
    const before = await frameworkCount();
    const imported = await owner.post(`/orgs/${org}/oscal/import`, catalog());
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.control_count).toBeGreaterThan(0);
    expect(await frameworkCount()).toBe(before + 1);
    const entries = (await owner.get(`/orgs/${org}/activity?action=importOscal`)).body.entries;
    expect(entries[0]).toMatchObject({ source: 'console', actor_user_id: server.owner.userId });

    const editor = await server.addMember({ organizationId: org, role: 'EDITOR' });
    const editorClient = await signedIn({ server, email: editor.email });
    expect((await editorClient.post(`/orgs/${org}/oscal/import`, catalog())).status).toBe(201);

    const viewer = await server.addMember({ organizationId: org, role: 'VIEWER' });
    const viewerClient = await signedIn({ server, email: viewer.email });
    const refused = await viewerClient.post(`/orgs/${org}/oscal/import`, catalog());
    expect(refused.status).toBe(403);
    const outsider = await server.addMember();
    const outsiderClient = await signedIn({ server, email: outsider.email });
    expect((await outsiderClient.post(`/orgs/${org}/oscal/import`, catalog())).status).toBe(404);
    expect((await outsiderClient.get(`/orgs/${org}/oscal/export/catalog?framework_id=${nist}`)).status).toBe(
      404,
    );
    expect((await outsiderClient.get(`/orgs/${org}/frameworks/${nist}/controls`)).status).toBe(404);
    const noCsrf = await owner.request({
      method: 'POST',
      path: `/orgs/${org}/oscal/import`,
      body: catalog(),
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
    expect(await frameworkCount()).toBe(before + 2);
  });

  it('refuses a bad document with its JSON pointer and writes nothing', async () => {
    const frameworks = await frameworkCount();
    const entries = await auditCount();
    const doc = catalog();
    doc.catalog.metadata.title = 42;
    const reply = await owner.post(`/orgs/${org}/oscal/import`, doc);
    expect(reply.status).toBe(400);
    expect(reply.body.error.issues).toContainEqual(
      expect.objectContaining({ pointer: '/catalog/metadata/title' }),
    );
    expect(await frameworkCount()).toBe(frameworks);
    expect(await auditCount()).toBe(entries);
  });

  it('takes documents over the tool body limit, up to 16 MiB', async () => {
    const large = catalog();
    large.catalog.metadata.remarks = 'x'.repeat(2 * 1024 * 1024);
    expect((await owner.post(`/orgs/${org}/oscal/import`, large)).status).toBe(201);
    const frameworks = await frameworkCount();
    large.catalog.metadata.remarks = 'x'.repeat(16 * 1024 * 1024);
    const refused = await owner.post(`/orgs/${org}/oscal/import`, large);
    expect(refused.status).toBe(413);
    expect(await frameworkCount()).toBe(frameworks);
  });

  it('downloads exports as attachments that validate', async () => {
    const reply = await owner.get(`/orgs/${org}/oscal/export/catalog?framework_id=${nist}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="comply-catalog-${nist}.json"`,
    );
    expect(validateOscal(reply.body).ok).toBe(true);
    const ssp = await owner.get(`/orgs/${org}/oscal/export/system-security-plan?framework_id=${nist}`);
    expect(validateOscal(ssp.body).ok).toBe(true);
    const missing = await owner.get(`/orgs/${org}/oscal/export/catalog`);
    expect(missing.status).toBe(400);
    const unknown = await owner.get(`/orgs/${org}/oscal/export/poster`);
    expect(unknown.body.error.field).toBe('model');
  });
});
