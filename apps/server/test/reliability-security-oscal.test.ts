import { IMPORT_LIMITS } from '@comply/oscal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogOf,
  crossProductCollection,
  largeCatalog,
  patternProfile,
  selfInsertingCatalog,
  unknownPropertyCatalog,
} from '../../../packages/oscal/test/hostile-documents.js';
import { DRIVERS } from './harness.js';
import { type ChildTenant, startChildTenant } from './reliability/child-tenant.js';
import { LIVENESS_BOUND_MS, type Watch, watchAttack } from './reliability/liveness.js';

// Issue 24, items 1–3: a signed-in user's OSCAL document must not stall the server for everyone.
// Each attack runs against a server in its own process while this process times `/livez` and a
// tool call on it; the server's heap is capped so that a build without the limits fails here by
// crashing or stalling, not by exhausting the machine.

describe.each(DRIVERS)('OSCAL imports cannot stall the server (%s)', (driver) => {
  let tenant: ChildTenant;
  const frameworks: string[] = [];

  const post =
    (doc: unknown, query = '') =>
    () =>
      fetch(`${tenant.server.url}/api/oscal/import?organization_id=${tenant.organizationId}${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(doc),
      });
  const watch = (attack: () => Promise<Response>, probeTimeoutMs?: number) =>
    watchAttack({ url: tenant.server.url, token: tenant.token, attack, probeTimeoutMs });

  beforeAll(async () => {
    tenant = await startChildTenant({ driver });
    for (const prefix of ['s', 't']) {
      const doc = catalogOf([{ id: `${prefix}-0`, title: 'Zero' }]);
      const reply = await post(doc)();
      expect(reply.status).toBe(201);
      frameworks.push(((await reply.json()) as { framework_id: string }).framework_id);
    }
  });
  afterAll(async () => {
    await tenant?.stop();
  });

  it('item 1: a parameter inserting itself 40 times is refused at the parameter (400, pointer)', async () => {
    const seen = await watch(post(selfInsertingCatalog({ k: 40 })));
    expect(seen.slowest, JSON.stringify(seen)).toBeLessThan(LIVENESS_BOUND_MS);
    expect(seen.status, JSON.stringify(seen.body)).toBe(400);
    expect(seen.body.error).toMatchObject({ code: 'INVALID_INPUT', pointer: '/catalog/controls/0/params/0' });
    expect(seen.body.error.message).toContain('more than 10000 characters');
  });

  it('item 2: 40,000 unknown properties get the first issues, not a stall', async () => {
    const seen = await watch(post(unknownPropertyCatalog(40_000)));
    expect(seen.slowest, JSON.stringify({ ...seen, body: undefined })).toBeLessThan(LIVENESS_BOUND_MS);
    expect(seen.status).toBe(400);
    expect(seen.body.error.issues.length).toBeGreaterThan(0);
    for (const issue of seen.body.error.issues)
      expect(issue.pointer).toMatch(/^\/catalog\/controls\/\d+\/bogus$/);
  });

  it('item 3: a map of 1,500 × 1,500 ids is refused before any pair is built', async () => {
    const query = `&source_framework_id=${frameworks[0]}&target_framework_id=${frameworks[1]}`;
    const seen = await watch(post(crossProductCollection({ sources: 1_500, targets: 1_500 }), query));
    expect(seen.slowest, JSON.stringify(seen)).toBeLessThan(LIVENESS_BOUND_MS);
    expect(seen.status, JSON.stringify(seen.body)).toBe(400);
    expect(seen.body.error).toMatchObject({ pointer: '/mapping-collection/mappings/0/maps/0/sources' });
    expect(seen.body.error.message).toContain('at most 1000 ids');
  });

  it('item 3: a 4 MB matching pattern is refused, naming it', async () => {
    const seen = await watch(post(patternProfile(['*'.repeat(4_000_000)]), '&library_key=nist-sp-800-53-r5'));
    expect(seen.slowest, JSON.stringify(seen)).toBeLessThan(LIVENESS_BOUND_MS);
    expect(seen.status, JSON.stringify(seen.body)).toBe(400);
    expect(seen.body.error).toMatchObject({
      pointer: '/profile/imports/0/include-controls/0/matching/0/pattern',
    });
    expect(seen.body.error.message).toContain('at most 100 characters');
  });

  it('the largest documents the limits admit never hold the event loop', async () => {
    // IMPORT_LIMITS.controls controls of 3,000 characters (6.5 MB), then a crosswalk of
    // IMPORT_LIMITS.mappingRows rows between two such frameworks, then the catalog's export. The
    // event loop (`/livez`) must stay free throughout. A tool call waits for the database: on
    // PostgreSQL it gets its own connection, so it is bounded too; embedded PGlite has one
    // connection, so it waits for the import's transaction, whose time is logged here
    // (docs/security.md quotes it).
    const expectLive = (seen: Watch) => {
      expect(seen.livez, JSON.stringify({ ...seen, body: undefined })).toBeLessThan(LIVENESS_BOUND_MS);
      if (driver === 'postgres') expect(seen.tool, JSON.stringify(seen)).toBeLessThan(LIVENESS_BOUND_MS);
    };
    const big = largeCatalog({ count: IMPORT_LIMITS.controls, prose: 3_000 });
    const imported = await watch(post(big));
    expectLive(imported);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.control_count).toBe(IMPORT_LIMITS.controls);
    const second = await post(big)();
    const target = ((await second.json()) as { framework_id: string }).framework_id;
    const targets = IMPORT_LIMITS.mappingRows / IMPORT_LIMITS.idsPerMap;
    const collection = crossProductCollection({
      sources: IMPORT_LIMITS.idsPerMap,
      targets,
      prefixes: ['c', 'c'],
    });
    const query = `&source_framework_id=${imported.body.framework_id}&target_framework_id=${target}`;
    const mapped = await watch(post(collection, query), 30_000);
    expectLive(mapped);
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(201);
    expect(mapped.body.mapping_count).toBe(IMPORT_LIMITS.mappingRows);
    const exported = await watch(() =>
      fetch(
        `${tenant.server.url}/api/oscal/export/catalog?organization_id=${tenant.organizationId}&framework_id=${imported.body.framework_id}`,
        { headers: { authorization: `Bearer ${tenant.token}` } },
      ),
    );
    expectLive(exported);
    expect(exported.status).toBe(200);
    const ms = (seen: Watch) =>
      `${Math.round(seen.elapsed)} ms (slowest /livez ${Math.round(seen.livez)} ms, tool call ${Math.round(seen.tool)} ms)`;
    console.log(
      `largest admitted documents (${driver}): catalog import ${ms(imported)}, mapping import ${ms(mapped)}, export ${ms(exported)}`,
    );
  }, 180_000);
});
