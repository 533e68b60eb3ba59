import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateOscal } from '@comply/oscal';
import { type StoredControl, seedDemo } from '@comply/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { oscalRequest } from './oscal-client.js';

const FIXTURES = fileURLToPath(new URL('../../../packages/oscal/test/fixtures/', import.meta.url));
const LIBRARY = fileURLToPath(new URL('../../../packages/oscal/library/', import.meta.url));
const MODELS = [
  'catalog',
  'system-security-plan',
  'assessment-results',
  'plan-of-action-and-milestones',
  'mapping-collection',
];
const KB40 = 40 * 1024;

describe.each(DRIVERS)('OSCAL endpoints and library adoption (%s)', (driver) => {
  let server: TestServer;
  let org: string;
  let nist: string;
  const request = (path: string, body?: unknown, token = server.owner.token) =>
    oscalRequest({ url: server.url, token, path, body });
  const frameworkCount = async () =>
    (await server.call('listFrameworks', { organization_id: org })).body.total_count as number;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    org = server.owner.organizationId;
    const adopted = await server.call('addFramework', {
      organization_id: org,
      library_key: 'nist-sp-800-53-r5',
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    nist = adopted.body.id;
    for (const code of ['AC-1', 'AC-2', 'AU-2']) {
      await server.call('addMeasure', {
        organization_id: org,
        name: `Measure ${code}`,
        state: code === 'AU-2' ? 'IN_PROGRESS' : 'IMPLEMENTED',
        owner: 'Security team',
        controls: [{ framework_id: nist, control_code: code }],
      });
    }
  });
  afterAll(() => server?.stop());

  it('lists the library with publisher, version, licence and baselines', async () => {
    const reply = await request('/api/oscal/library');
    expect(reply.status).toBe(200);
    const keys = reply.body.entries.map((e: { key: string }) => e.key);
    expect(keys).toEqual(
      expect.arrayContaining(['nist-sp-800-53-r5', 'iso-27001-2022', 'soc2-tsc-2017', 'nis2', 'gdpr']),
    );
    const nistEntry = reply.body.entries.find((e: { key: string }) => e.key === 'nist-sp-800-53-r5');
    expect(nistEntry).toMatchObject({
      publisher: expect.stringContaining('NIST'),
      baselines: ['LOW', 'MODERATE', 'HIGH', 'PRIVACY'],
    });
  });

  it('adopts the full NIST catalog and keeps every reply about it under 40 KB', async () => {
    const get = await server.call('getFramework', { id: nist });
    expect(get.body).toMatchObject({
      source: 'library',
      library_key: 'nist-sp-800-53-r5',
      covered_control_count: 2,
    });
    expect(get.body.control_count).toBeGreaterThan(400);
    expect(get.body.families.length).toBeGreaterThan(15);
    const list = await server.call('listFrameworks', { organization_id: org });
    const readiness = await server.call('getAuditReadiness', {
      organization_id: org,
      framework_id: nist,
      top_n: 25,
    });
    expect(readiness.body.gaps.controls_without_measures.omitted).toBeGreaterThan(0);
    for (const reply of [get, list, readiness]) {
      expect(reply.status).toBe(200);
      expect(JSON.stringify(reply.body).length).toBeLessThanOrEqual(KB40);
    }
    const moderate = await server.call('listFrameworkControls', {
      organization_id: org,
      framework_id: nist,
      baseline: 'MODERATE',
      family: 'Access Control',
      page_size: 100,
    });
    expect(moderate.body.total_count).toBeGreaterThan(10);
    expect(
      moderate.body.controls.every((c: { baselines: string[] }) => c.baselines.includes('MODERATE')),
    ).toBe(true);
  });

  it('adopts a baseline, and names the field for bad library requests', async () => {
    const low = await server.call('addFramework', {
      organization_id: org,
      library_key: 'nist-sp-800-53-r5',
      baseline: 'low',
    });
    expect(low.body).toMatchObject({ baseline: 'LOW' });
    expect(low.body.control_count).toBeLessThan(200);
    const cases = [
      [{ library_key: 'iso-27001-2022', controls: [{ code: 'X', title: 'x' }] }, 'library_key'],
      [{ library_key: 'nope' }, 'library_key'],
      [{ library_key: 'nist-sp-800-53-r5', baseline: 'ULTRA' }, 'baseline'],
      [{ library_key: 'gdpr', baseline: 'LOW' }, 'baseline'],
      [{ controls: [{ code: 'X', title: 'x' }] }, 'name'],
    ] as const;
    for (const [input, field] of cases) {
      const reply = await server.call('addFramework', { organization_id: org, ...input });
      expect(reply.status, JSON.stringify(input)).toBe(400);
      expect(reply.body.error.field).toBe(field);
    }
    const unknown = await server.call('addFramework', { organization_id: org, library_key: 'nope' });
    expect(unknown.body.error.message).toContain('iso-27001-2022');
  });

  it('refuses an invalid document with JSON pointers and writes nothing', async () => {
    const before = await frameworkCount();
    const reply = await request(`/api/oscal/import?organization_id=${org}`, {
      catalog: { uuid: 'not-a-uuid', metadata: { title: 'x' } },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('INVALID_INPUT');
    expect(reply.body.error.issues.length).toBeGreaterThan(0);
    expect(reply.body.error.issues[0].pointer).toMatch(/^\/catalog/);
    expect(await frameworkCount()).toBe(before);
  });

  it('imports every NIST example document or refuses it naming the accepted models', async () => {
    for (const file of readdirSync(FIXTURES)) {
      const doc = JSON.parse(readFileSync(`${FIXTURES}${file}`, 'utf8'));
      const reply = await request(`/api/oscal/import?organization_id=${org}`, doc);
      if (doc.catalog) {
        expect(reply.status, file).toBe(201);
        expect(reply.body.control_count, file).toBeGreaterThan(0);
      } else {
        expect(reply.status, file).toBe(400);
        expect(reply.body.error.message, file).toContain('catalog, profile, mapping-collection');
      }
    }
  });

  it('round-trips a catalog: export then import gives the same controls', async () => {
    const exported = await request(`/api/oscal/export/catalog?organization_id=${org}&framework_id=${nist}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('comply-catalog-');
    const imported = await request(`/api/oscal/import?organization_id=${org}`, exported.body);
    expect(imported.status).toBe(201);
    // What an export and a re-import keep of each control.
    const KEPT = [
      'code',
      'oscal_id',
      'title',
      'family',
      'family_id',
      'parent_code',
      'statement',
      'guidance',
      'parameters',
      'baselines',
      'position',
    ] as const;
    const fields = (c: StoredControl) => Object.fromEntries(KEPT.map((key) => [key, c[key]]));
    const original = await server.storage.frameworks.allControls({ organizationId: org, frameworkId: nist });
    const copy = await server.storage.frameworks.allControls({
      organizationId: org,
      frameworkId: imported.body.framework_id,
    });
    expect(copy.map(fields)).toEqual(original.map(fields));
  });

  it('exports every model of the NIST organization and of the demo data as schema-valid OSCAL', async () => {
    const empty = await request(`/api/oscal/export/plan-of-action-and-milestones?organization_id=${org}`);
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('poam-item');
    await server.call('addRisk', {
      organization_id: org,
      name: 'Stolen laptop',
      inherent_likelihood: 3,
      inherent_impact: 4,
    });
    const demo = await seedDemo({ storage: server.storage, ownerUserId: server.owner.userId });
    const demoFramework = (await server.call('listFrameworks', { organization_id: demo.organizationId })).body
      .frameworks[0].id;
    for (const [organizationId, frameworkId] of [
      [org, nist],
      [demo.organizationId, demoFramework],
    ]) {
      for (const model of MODELS) {
        // Neither organization has a crosswalk yet; the mapping test validates that export.
        if (model === 'mapping-collection') continue;
        const reply = await request(
          `/api/oscal/export/${model}?organization_id=${organizationId}&framework_id=${frameworkId}`,
        );
        expect(reply.status, `${model}: ${JSON.stringify(reply.body).slice(0, 300)}`).toBe(200);
        const validation = validateOscal(reply.body);
        expect(
          validation,
          `${model} ${organizationId}: ${JSON.stringify(validation).slice(0, 600)}`,
        ).toMatchObject({ ok: true });
      }
    }
  });

  it('imports a mapping collection exported from another organization, matching frameworks by title', async () => {
    const a = await server.call('addFramework', { organization_id: org, library_key: 'iso-27001-2022' });
    const b = await server.call('addFramework', { organization_id: org, library_key: 'soc2-tsc-2017' });
    await server.storage.frameworks.mappings.import({
      organizationId: org,
      actor: { userId: null, tokenId: null, source: 'cli', action: 'test' },
      sourceFrameworkId: a.body.id,
      targetFrameworkId: b.body.id,
      collection: { title: 'ISO to SOC 2', uuid: null },
      rows: [
        { source_control_code: 'A.5.15', target_control_code: 'CC6.1', relationship: 'intersects-with' },
      ],
    });
    const exported = await request(`/api/oscal/export/mapping-collection?organization_id=${org}`);
    expect(exported.status).toBe(200);
    expect(validateOscal(exported.body)).toMatchObject({ ok: true });

    const other = await server.addMember();
    const otherCall = (tool: string, input: object) =>
      server.call(tool, { organization_id: other.organizationId, ...input }, { token: other.token });
    const iso = (await otherCall('addFramework', { library_key: 'iso-27001-2022' })).body.id;
    const soc = (await otherCall('addFramework', { library_key: 'soc2-tsc-2017' })).body.id;
    const imported = await request(
      `/api/oscal/import?organization_id=${other.organizationId}`,
      exported.body,
      other.token,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toEqual({ mapping_count: 1, source_framework_id: iso, target_framework_id: soc });
    await otherCall('addMeasure', {
      name: 'Access',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: soc, control_code: 'CC6.1' }],
    });
    const via = await otherCall('listFrameworkControls', { framework_id: iso, query: 'A.5.15' });
    expect(via.body.controls[0]).toMatchObject({ covered: false });
    expect(via.body.controls[0].covered_via_mapping).toEqual([
      expect.objectContaining({ framework_id: soc, control_code: 'CC6.1', relationship: 'intersects-with' }),
    ]);
  });

  it('applies a profile’s modify on import, and refuses what it cannot represent writing nothing', async () => {
    const moderate = JSON.parse(
      readFileSync(`${LIBRARY}nist-sp-800-53-r5/NIST_SP-800-53_rev5_MODERATE-baseline_profile.json`, 'utf8'),
    );
    moderate.profile.modify = {
      'set-parameters': [
        {
          'param-id': 'ac-02_odp.10',
          values: ['quarterly'],
          constraints: [{ description: 'At least yearly.', tests: [{ expression: 'duration <= P1Y' }] }],
        },
      ],
      alters: [{ 'control-id': 'ac-2', removes: [{ 'by-name': 'guidance' }] }],
    };
    const imported = await request(`/api/oscal/import?organization_id=${org}`, moderate);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const controls = await server.storage.frameworks.allControls({
      organizationId: org,
      frameworkId: imported.body.framework_id,
    });
    const ac2 = controls.find((c) => c.code === 'AC-2')!;
    expect(ac2.guidance).toBeNull();
    expect(ac2.parameters.find((p) => p.id === 'ac-02_odp.10')).toMatchObject({
      values: ['quarterly'],
      constraints: [{ description: 'At least yearly.', tests: ['duration <= P1Y'] }],
    });
    const exported = await request(
      `/api/oscal/export/catalog?organization_id=${org}&framework_id=${imported.body.framework_id}`,
    );
    expect(validateOscal(exported.body)).toMatchObject({ ok: true });
    expect(JSON.stringify(exported.body)).toContain('duration <= P1Y');

    const before = await frameworkCount();
    moderate.profile.modify.alters = [{ 'control-id': 'ac-2', removes: [{ 'by-class': 'x' }] }];
    const refused = await request(`/api/oscal/import?organization_id=${org}`, moderate);
    expect(refused.status).toBe(400);
    expect(refused.body.error.pointer).toBe('/profile/modify/alters/0/removes/0');
    expect(refused.body.error.message).toContain('by-class or by-ns cannot be applied');
    expect(await frameworkCount()).toBe(before);
  });

  it('answers 4xx with a clear message for an export that cannot be produced, never 500', async () => {
    const empty = await server.addMember();
    const exportFrom = (model: string, query = '') =>
      request(
        `/api/oscal/export/${model}?organization_id=${empty.organizationId}${query}`,
        undefined,
        empty.token,
      );
    const poam = await exportFrom('plan-of-action-and-milestones');
    expect(poam.status).toBe(400);
    expect(poam.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'model' });
    expect(poam.body.error.message).toMatch(
      /^This plan-of-action-and-milestones cannot be produced: .*poam-item/,
    );
    const mappings = await exportFrom('mapping-collection');
    expect(mappings.status).toBe(400);
    expect(mappings.body.error.message).toContain('has no mappings');
    const unnamed = await exportFrom('catalog');
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.field).toBe('framework_id');
    // A framework of another organization (this suite's NIST one) is not found, whatever the model:
    // it is neither exported nor silently ignored.
    for (const model of MODELS) {
      for (const frameworkId of [nist, 'not-an-id']) {
        const reply = await exportFrom(model, `&framework_id=${frameworkId}`);
        expect(reply.status, `${model} ${frameworkId}`).toBe(404);
        expect(reply.body.error, model).toMatchObject({ code: 'NOT_FOUND', field: 'framework_id' });
        expect(reply.body.error.message).toBe(
          `No framework with id \`${frameworkId}\` in this organization.`,
        );
      }
    }
  });

  it('lets a read-only token export but not import, and hides other organizations', async () => {
    const viewer = await server.addMember({ organizationId: org, role: 'VIEWER' });
    const catalog = JSON.parse(readFileSync(`${FIXTURES}basic-catalog.json`, 'utf8'));
    expect((await request(`/api/oscal/import?organization_id=${org}`, catalog, viewer.token)).status).toBe(
      403,
    );
    const readOnly = await server.createToken({ userId: server.owner.userId, scope: 'READ' });
    expect((await request(`/api/oscal/import?organization_id=${org}`, catalog, readOnly.token)).status).toBe(
      403,
    );
    const exported = await request(
      `/api/oscal/export/catalog?organization_id=${org}&framework_id=${nist}`,
      undefined,
      viewer.token,
    );
    expect(exported.status).toBe(200);
    const stranger = await server.addMember();
    for (const path of [
      `/api/oscal/export/catalog?organization_id=${org}&framework_id=${nist}`,
      `/api/oscal/export/catalog?organization_id=${stranger.organizationId}&framework_id=${nist}`,
    ]) {
      const reply = await request(path, undefined, stranger.token);
      expect(reply.status, path).toBe(404);
      expect(JSON.stringify(reply.body)).not.toContain('AC-2');
    }
    const unknownModel = await request(`/api/oscal/export/profile?organization_id=${org}`);
    expect(unknownModel.body.error.field).toBe('model');
  });
});
