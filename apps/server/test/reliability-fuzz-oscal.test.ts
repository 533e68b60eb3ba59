import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeCatalog } from '../../../packages/oscal/test/hostile-documents.js';
import { DRIVERS } from './harness.js';
import { type ChildTenant, startChildTenant } from './reliability/child-tenant.js';
import { LIVENESS_BOUND_MS, watchAttack } from './reliability/liveness.js';
import { OSCAL_GENERATORS, type OscalCase } from './reliability/oscal-arbitraries.js';
import { FUZZ_SEED, FUZZ_TIMEOUT_MS, OSCAL_FUZZ_RUNS } from './reliability/profile.js';

// Generated OSCAL documents (reliability/oscal-arbitraries.ts) against the import of a server in
// its own process: never a 5xx, an answer within ANSWER_BOUND_MS, and `/livez` answered within
// LIVENESS_BOUND_MS while each import runs (a tool call too on PostgreSQL; on embedded PGlite it
// waits for the import's transaction, see docs/security.md).

const ANSWER_BOUND_MS = 10_000;
const generators = Object.entries(OSCAL_GENERATORS);

describe.each(DRIVERS)('OSCAL import fuzzing (%s)', (driver) => {
  let tenant: ChildTenant;
  const frameworks = { source: '', target: '' };
  const statuses = new Map<string, number>();

  const post = (c: OscalCase) => () =>
    fetch(
      `${tenant.server.url}/api/oscal/import?organization_id=${tenant.organizationId}${c.query
        .replace('{source}', frameworks.source)
        .replace('{target}', frameworks.target)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(c.doc),
      },
    );

  beforeAll(async () => {
    tenant = await startChildTenant({ driver });
    for (const side of ['source', 'target'] as const) {
      const reply = await post({ label: side, doc: largeCatalog({ count: 300, prose: 20 }), query: '' })();
      expect(reply.status).toBe(201);
      frameworks[side] = ((await reply.json()) as { framework_id: string }).framework_id;
    }
  });
  afterAll(async () => {
    console.log(
      `OSCAL fuzzing (${driver}), seed ${FUZZ_SEED}, ${OSCAL_FUZZ_RUNS} runs per generator:`,
      JSON.stringify(Object.fromEntries(statuses)),
    );
    await tenant?.stop();
  });

  it.each(generators)(
    '%s: 201 or 400, answered in bounded time, the server live throughout',
    async (name, generator) => {
      const property = fc.asyncProperty(generator, async (c) => {
        const seen = await watchAttack({ url: tenant.server.url, token: tenant.token, attack: post(c) });
        const where = `${c.label}: ${JSON.stringify({ ...seen, body: JSON.stringify(seen.body)?.slice(0, 300) })}`;
        const key = `${name} ${seen.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        expect([201, 400], where).toContain(seen.status);
        if (seen.status === 400) {
          expect(seen.body.error.code, where).toBe('INVALID_INPUT');
          expect(typeof seen.body.error.message, where).toBe('string');
        }
        expect(seen.elapsed, where).toBeLessThan(ANSWER_BOUND_MS);
        expect(seen.livez, where).toBeLessThan(LIVENESS_BOUND_MS);
        if (driver === 'postgres') expect(seen.tool, where).toBeLessThan(LIVENESS_BOUND_MS);
      });
      await fc
        .assert(property, {
          seed: FUZZ_SEED + generators.findIndex(([n]) => n === name),
          numRuns: OSCAL_FUZZ_RUNS,
        })
        .catch((error: Error) => {
          error.message = `${error.message}\nReplay with COMPLY_FUZZ_SEED=${FUZZ_SEED} (runs ${OSCAL_FUZZ_RUNS}).`;
          throw error;
        });
    },
    FUZZ_TIMEOUT_MS * 2,
  );
});
