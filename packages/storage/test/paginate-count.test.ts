import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { paginate, type SortedRow } from '../src/paging/list.js';
import type { OrderSpec } from '../src/paging/order.js';

const spec: OrderSpec = {
  keys: { name: { expr: sql`risks.name`, nullable: false } },
  defaultOrder: { field: 'name', direction: 'asc' },
  idColumn: 'risks.id',
};
const secret = randomBytes(32);

/**
 * A listing of `matches` rows held in memory, paged by paginate, counting how often it asked for
 * a COUNT. fetch gets the keyset condition only as SQL, so the listing remembers where its last
 * page ended.
 */
function listing(matches: number, pageSize: number) {
  const all: SortedRow[] = Array.from({ length: matches }, (_, index) => ({
    id: `risk_${String(index).padStart(4, '0')}`,
    sort_value: `name ${String(index).padStart(4, '0')}`,
  }));
  let listed = 0;
  let counted = 0;
  return async (cursor?: string | null) => {
    const page = await paginate({
      secret,
      register: 'risks',
      spec,
      params: { organizationId: 'org_1', pageSize, cursor },
      fetch: async ({ after, limit }) => all.slice(after ? listed : 0, (after ? listed : 0) + limit),
      count: async () => {
        counted += 1;
        return matches;
      },
    });
    listed = all.findIndex((row) => row.id === page.items.at(-1)?.id) + 1;
    return { page, counted };
  };
}

describe('total_count without a COUNT', () => {
  it('takes the count of a first page that is not full from its rows', async () => {
    for (const matches of [0, 1, 9, 10]) {
      const { page, counted } = await listing(matches, 10)();
      expect(page.total_count).toBe(matches);
      expect(page.next_cursor).toBeNull();
      expect(counted).toBe(0);
    }
  });

  it('counts when the first page is full, and carries that count to later pages', async () => {
    const next = listing(25, 10);
    const first = await next();
    expect(first.counted).toBe(1);
    expect(first.page.total_count).toBe(25);
    // The last page is not full, but it is not the first: it reports the carried count.
    const second = await next(first.page.next_cursor);
    const third = await next(second.page.next_cursor);
    expect([second.counted, third.counted]).toEqual([1, 1]);
    expect(third.page.items).toHaveLength(5);
    expect(third.page.total_count).toBe(25);
  });
});
