import { registers, toolNames, tools } from '@comply/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { asSchema, isIdField, mainType } from './reliability/json-schema.js';
import { minimalInput, toolKind } from './reliability/minimal-input.js';
import { rowCounts } from './reliability/row-counts.js';
import { creatorTools, seedTenant, type Tenant } from './reliability/tenants.js';

const PARALLEL = 12;
const ROUNDS = 3;

/** Record updates: an `id` and `expected_updated_at` (updateControlApplicability updates no record by id). */
const updateTools = toolNames.filter((name) => {
  const properties = asSchema(tools[name].inputJsonSchema).properties;
  return properties?.expected_updated_at && properties.id;
});
const getterOf = (kind: string) => toolNames.find((n) => tools[n].access === 'read' && toolKind(n) === kind)!;

/**
 * Free-text fields an update may set independently: the register's title fields and the nullable
 * strings without a format (a kind-specific field such as evidence's `url` is neither).
 */
function textFields(tool: string): string[] {
  const properties = asSchema(tools[tool as (typeof toolNames)[number]].inputJsonSchema).properties ?? {};
  const titles: readonly string[] =
    Object.values(registers).find((register) => register.tools.update === tool)?.titleFields ?? [];
  return Object.entries(properties)
    .filter(
      ([name, s]) =>
        !isIdField(name) &&
        mainType(s) === 'string' &&
        !s.enum &&
        !s.format &&
        (titles.includes(name) || s.type?.includes('null')),
    )
    .map(([name]) => name);
}

describe.each(DRIVERS)('retries and races (%s)', (driver) => {
  let server: TestServer;
  let tenant: Tenant;
  const call = (tool: string, input: Record<string, unknown>) =>
    server.call(
      tool,
      { organization_id: tenant.member.organizationId, ...input },
      { token: tenant.member.token },
    );
  const lookup = (kind: string) => tenant.ids.get(kind)?.[0];

  beforeAll(async () => {
    server = await startTestServer({ driver });
    tenant = await seedTenant({ server, tag: 'retry' });
  });
  afterAll(() => server?.stop());

  it.each(creatorTools)('%s retried with the same idempotency_key returns the same record', async (tool) => {
    const input = {
      ...minimalInput({ tool, label: `${tool} once`, ids: lookup }),
      idempotency_key: `k-${tool}-seq`,
    };
    const first = await call(tool, input);
    expect(first.status).toBe(200);
    const before = await rowCounts(server.storage);
    const again = await call(tool, input);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await rowCounts(server.storage)).toEqual(before);
  });

  it.each(creatorTools)(`%s sent ${PARALLEL} times at once with one key creates one record`, async (tool) => {
    for (let round = 0; round < ROUNDS; round++) {
      const input = {
        ...minimalInput({ tool, label: `${tool} parallel ${round}`, ids: lookup }),
        idempotency_key: `k-${tool}-par-${round}`,
      };
      const before = await rowCounts(server.storage);
      const replies = await Promise.all(Array.from({ length: PARALLEL }, () => call(tool, input)));
      for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
      const after = await rowCounts(server.storage);
      // One creation: one audit entry, one idempotency key.
      expect(after.audit_log! - before.audit_log!).toBe(1);
      expect(after.idempotency_keys! - before.idempotency_keys!).toBe(1);
    }
  });

  it.each(updateTools)('%s with a stale expected_updated_at gets 409 and changes nothing', async (tool) => {
    const kind = toolKind(tool)!;
    const id = tenant.ids.get(kind)![1]!;
    const read = await call(getterOf(kind), { id });
    const field = textFields(tool)[0]!;
    const moved = await call(tool, { id, [field]: 'moved on', expected_updated_at: read.body.updated_at });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const current = await call(getterOf(kind), { id });
    const before = await rowCounts(server.storage);
    const stale = await call(tool, { id, [field]: 'lost update', expected_updated_at: read.body.updated_at });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'CONFLICT']);
    expect((await call(getterOf(kind), { id })).body).toEqual(current.body);
    expect(await rowCounts(server.storage)).toEqual(before);
  });

  it.each(updateTools)('%s: concurrent updates of different fields lose none', async (tool) => {
    const kind = toolKind(tool)!;
    const id = tenant.ids.get(kind)![0]!;
    const fields = textFields(tool);
    expect(fields.length).toBeGreaterThan(1);
    for (let round = 0; round < ROUNDS; round++) {
      const replies = await Promise.all(
        fields.map((field) => call(tool, { id, [field]: `${field} r${round}` })),
      );
      for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const record = (await call(getterOf(kind), { id })).body;
      for (const field of fields) expect(record[field], field).toBe(`${field} r${round}`);
    }
  });
});
