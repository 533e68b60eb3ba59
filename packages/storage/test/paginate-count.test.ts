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
/** The last id listed: where the next page starts (fetch gets the keyset condition as SQL only). */
let lastId: string | undefined;

/** paginate over `matches` rows in memory, recording how often it asked for a COUNT. */
async function listOf(matches: number, pageSize: number, cursor?: string | null) {
  const all: SortedRow[] = Array.from({ length: matches }, (_, index) => ({
    id: `risk_${String(index).padStart(4, '0')}`,
    sort_value: `name ${String(index).padStart(4, '0')}`,
  }));
  let counted = 0;
  const page = await paginate({
    secret,
    register: 'risks',
    spec,
    params: { organizationId: 'org_1', pageSize, cursor },
    fetch: async ({ after, limit }) => {
      const from = after ? all.findIndex((row) => row.id === lastId) + 1 : 0;
      return all.slice(from, from + limit);
    },
    count: async () => {
      counted += 1;
      return matches;
    },
  });
  lastId = page.items.at(-1)?.id;
  return { page, counted };
}
describe('total_count without a COUNT', () => {
  it('takes the count of a first page that is not full from its rows', async () => {
    for (const matches of [0, 1, 9, 10]) {
      const { page, counted } = await listOf(matches, 10);
      expect(page.total_count).toBe(matches);
      expect(page.next_cursor).toBeNull();
      expect(counted).toBe(0);
    }
  });

  it('counts when the first page is full, and carries that count to later pages', async () => {
    const first = await listOf(25, 10);
    expect(first.counted).toBe(1);
    expect(first.page.total_count).toBe(25);
    // The last page is not full, but it is not the first: it reports the carried count.
    const second = await listOf(25, 10, first.page.next_cursor);
    const third = await listOf(25, 10, second.page.next_cursor);
    expect([second.counted, third.counted]).toEqual([0, 0]);
    expect(third.page.items).toHaveLength(5);
    expect(third.page.total_count).toBe(25);
  });
});
