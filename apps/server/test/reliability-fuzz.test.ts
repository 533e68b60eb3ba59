import { toolNames, tools } from '@comply/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { type InvalidCase, invalidInputs, validInputs } from './reliability/fuzz-cases.js';
import { mcpToolCall } from './reliability/mcp-call.js';
import { kindOf } from './reliability/minimal-input.js';
import { FUZZ_RUNS, FUZZ_SEED, FUZZ_TIMEOUT_MS } from './reliability/profile.js';
import { rowCounts } from './reliability/row-counts.js';
import { seedTenant, type Tenant } from './reliability/tenants.js';

// biome-ignore lint/suspicious/noExplicitAny: replies are arbitrary JSON
type Reply = { status: number; body: any };

/** Where fast-check's own report is not enough to replay: the base seed of the whole file. */
async function assertSeeded(property: fc.IAsyncProperty<[unknown]>, offset: number) {
  await fc.assert(property, { seed: FUZZ_SEED + offset, numRuns: FUZZ_RUNS }).catch((error: Error) => {
    error.message = `${error.message}\nReplay with COMPLY_FUZZ_SEED=${FUZZ_SEED} (runs ${FUZZ_RUNS}).`;
    throw error;
  });
}

/** The answer an input with one mistake must get. */
function expectRejected({ reply, c }: { reply: Reply; c: InvalidCase }) {
  const where = `${c.kind} at ${c.field}: ${JSON.stringify(reply.body)?.slice(0, 300)}`;
  // Membership is checked before validation, so any string naming an organization the caller
  // cannot see is "not found", whatever its shape.
  const foreignOrg =
    c.field === 'organization_id' && typeof c.value === 'string' && !c.kind.startsWith('NUL');
  expect(reply.status, where).toBe(foreignOrg ? 404 : 400);
  expect(reply.body?.error?.code, where).toBe(foreignOrg ? 'NOT_FOUND' : 'INVALID_INPUT');
  const field = reply.body.error.field;
  expect(field === c.field || String(field).startsWith(`${c.field}.`), where).toBe(true);
}

describe.each(DRIVERS)('input fuzzing from the generated schemas (%s)', (driver) => {
  let server: TestServer;
  let tenant: Tenant;
  const statuses = new Map<number, number>();
  const kinds = new Map<string, number>();
  const idsFor = (tool: string) => (field: string) => {
    const kind = kindOf({ tool, field });
    const list = kind ? tenant.ids.get(kind) : undefined;
    return list ? fc.constantFrom(...list) : undefined;
  };
  const cases = (tool: (typeof toolNames)[number]) => ({
    tool,
    organizationId: tenant.member.organizationId,
    ids: idsFor(tool),
  });

  beforeAll(async () => {
    server = await startTestServer({ driver });
    tenant = await seedTenant({ server, tag: 'fuzz' });
  });
  afterAll(async () => {
    console.log(
      `fuzzing (${driver}), seed ${FUZZ_SEED}, ${FUZZ_RUNS} runs per tool and property:`,
      JSON.stringify({
        validStatuses: Object.fromEntries(statuses),
        invalidKinds: Object.fromEntries(kinds),
      }),
    );
    await server?.stop();
  });

  it.each(toolNames)(
    '%s: valid inputs never get a 5xx',
    async (tool) => {
      const property = fc.asyncProperty(validInputs(cases(tool)), async (input) => {
        const reply = await server.call(tool, input, { token: tenant.member.token });
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        expect(reply.status, JSON.stringify(reply.body)?.slice(0, 300)).toBeLessThan(500);
        if (reply.status !== 200) expect(typeof reply.body.error.message).toBe('string');
      });
      await assertSeeded(property as fc.IAsyncProperty<[unknown]>, toolNames.indexOf(tool));
    },
    FUZZ_TIMEOUT_MS,
  );

  it.each(toolNames)(
    '%s: invalid inputs get 400 naming the field and change nothing',
    async (tool) => {
      const property = fc.asyncProperty(invalidInputs(cases(tool)), async (c) => {
        const before = tools[tool].access === 'write' ? await rowCounts(server.storage) : undefined;
        const reply = await server.call(tool, c.input, { token: tenant.member.token });
        kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
        expectRejected({ reply, c });
        if (before) expect(await rowCounts(server.storage)).toEqual(before);
      });
      await assertSeeded(property as fc.IAsyncProperty<[unknown]>, 100 + toolNames.indexOf(tool));
    },
    FUZZ_TIMEOUT_MS,
  );

  it('over MCP, invalid inputs are isError results with the same code and field', async () => {
    for (const tool of toolNames) {
      const sample = fc.sample(invalidInputs(cases(tool)), { seed: FUZZ_SEED, numRuns: 5 });
      for (const c of sample) {
        const reply = await mcpToolCall({
          url: server.url,
          token: tenant.member.token,
          tool,
          input: c.input,
        });
        expect(reply.isError, `${tool} ${c.kind} at ${c.field}`).toBe(true);
        expectRejected({
          reply: { status: reply.body.error.code === 'NOT_FOUND' ? 404 : 400, body: reply.body },
          c,
        });
      }
    }
  });
});
