import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Storage, seedBulk } from '../src/index.js';
import { SEARCH_COUNT_LIMIT } from '../src/paging/list.js';
import { DRIVERS, openTestStorage, seedOrganization } from './helpers.js';

// A free-text search counts its matches up to SEARCH_COUNT_LIMIT: past it, total_count is the
// limit and flagged as a lower bound. Structured filters always count exactly.
describe.each(DRIVERS)('search total_count on $name', ({ name }) => {
  const risks = SEARCH_COUNT_LIMIT + 100;
  let storage: Storage;
  let dispose: () => Promise<void>;
  let organizationId: string;

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name }));
    const { user } = await seedOrganization(storage);
    // Every bulk risk is named "<topic> risk <n>": the query `risk` matches all of them.
    const seeded = await seedBulk({ storage, ownerUserId: user.id, orgs: 1, risks });
    organizationId = seeded.organizationIds[0]!;
  }, 180_000);

  afterAll(async () => dispose());

  it('stops counting a common word at the limit and says so, on every page', async () => {
    const first = await storage.risks.list({ organizationId, filters: { query: 'risk' }, pageSize: 10 });
    expect(first.total_count).toBe(SEARCH_COUNT_LIMIT);
    expect(first.total_count_is_lower_bound).toBe(true);
    const second = await storage.risks.list({
      organizationId,
      filters: { query: 'risk' },
      pageSize: 10,
      cursor: first.next_cursor ?? undefined,
    });
    expect(second.items).toHaveLength(10);
    expect(second.total_count).toBe(SEARCH_COUNT_LIMIT);
    expect(second.total_count_is_lower_bound).toBe(true);
  });

  it('counts exactly without a text search, however many match', async () => {
    const page = await storage.risks.list({ organizationId, pageSize: 10 });
    expect(page.total_count).toBe(risks);
    expect(page.total_count_is_lower_bound).toBe(false);
    const later = await storage.risks.list({
      organizationId,
      pageSize: 10,
      cursor: page.next_cursor ?? undefined,
    });
    expect(later.total_count).toBe(risks);
    expect(later.total_count_is_lower_bound).toBe(false);
  });

  it('counts a search exactly below the limit', async () => {
    // Bulk names end in a 7-digit number: "risk 00001" matches rows 10–19 and 100–199 … once each.
    const page = await storage.risks.list({ organizationId, filters: { query: 'risk 00001' }, pageSize: 5 });
    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const next = await storage.risks.list({
        organizationId,
        filters: { query: 'risk 00001' },
        pageSize: 100,
        cursor,
      });
      all.push(...next.items.map((risk) => risk.id));
      cursor = next.next_cursor ?? undefined;
    } while (cursor);
    expect(page.total_count).toBe(all.length);
    expect(page.total_count).toBeGreaterThan(5);
    expect(page.total_count_is_lower_bound).toBe(false);
  });
});
