import { pageSizeLimits, registerNames, registerOrders, registers, tools } from '@comply/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

// The paging storage applies is the one the specs declare, read from the generated registry.
describe.each(DRIVERS)('register paging from the generated registry on %s', (driver) => {
  let server: TestServer;
  const count = pageSizeLimits.default + 1;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    // Due dates out of creation order, so only the default order sorts them.
    for (let i = 0; i < count; i++) {
      const day = (i * 7) % count;
      await server.storage.obligations.create({
        organizationId: server.owner.organizationId,
        actor: { userId: null, tokenId: null, source: 'cli', action: 'test-setup' },
        data: {
          title: `Obligation ${i}`,
          source: 'LAW',
          due_date: new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10),
        },
      });
    }
  });
  afterAll(() => server.stop());

  it('a list without page_size or order_by gives the spec default page in the spec default order', async () => {
    const { field, direction } = registerOrders.obligations.default;
    const res = await server.call('listObligations', { organization_id: server.owner.organizationId });
    expect(res.status).toBe(200);
    const items = res.body.obligations as Record<string, string>[];
    expect(items).toHaveLength(pageSizeLimits.default);
    expect(res.body.total_count).toBe(count);
    expect(res.body.next_cursor).toEqual(expect.any(String));
    const values = items.map((item) => item[field]!);
    const sorted = [...values].sort();
    expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    // Storage alone (no tool schema in front) applies the same default and bound.
    const page = await server.storage.obligations.list({ organizationId: server.owner.organizationId });
    expect(page.items.map((item) => item.id)).toEqual(items.map((item) => item.id));
    await expect(
      server.storage.obligations.list({
        organizationId: server.owner.organizationId,
        pageSize: pageSizeLimits.max + 1,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'page_size' });
    expect(
      (
        await server.storage.obligations.list({
          organizationId: server.owner.organizationId,
          pageSize: pageSizeLimits.max,
        })
      ).items,
    ).toHaveLength(count);
  });
});

describe('list tool schemas', () => {
  it.each(registerNames)('%s: the registry order is the list tool order_by', (plural) => {
    const list = tools[registers[plural].tools.list];
    const parsed = list.input.parse({ organization_id: 'org_x' }) as { order_by: unknown; page_size: number };
    expect(parsed.order_by).toEqual(registerOrders[plural].default);
    expect(parsed.page_size).toBe(pageSizeLimits.default);
    const orderBy = (
      list.inputJsonSchema.properties as Record<string, { properties: { field: { enum: string[] } } }>
    ).order_by;
    expect(orderBy?.properties.field.enum).toEqual([...registerOrders[plural].fields]);
  });
});
