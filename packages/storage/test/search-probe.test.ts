import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Risk, type Storage, seedBulk } from '../src/index.js';
import { PROBE_ROWS } from '../src/paging/query.js';
import { DRIVERS, openTestStorage, seedOrganization } from './helpers.js';

// A listing with `query` first looks for its page among the first PROBE_ROWS rows in order
// (src/paging/query.ts). Whether the page is found there or not, every page must be the one the
// whole query gives: the same rows in the same order, and the same cursors' continuation.
describe.each(DRIVERS)('text search probe on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  let organizationId: string;
  let all: Risk[];

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name }));
    const { user, actor } = await seedOrganization(storage);
    // More rows than one probe reads, so that rare matches lie beyond it.
    const seeded = await seedBulk({ storage, ownerUserId: user.id, orgs: 1, risks: PROBE_ROWS + 500 });
    organizationId = seeded.organizationIds[0]!;
    // Rare matches that sort last by name and first by residual score.
    for (const suffix of ['a', 'b', 'c']) {
      await storage.risks.create({
        organizationId,
        actor,
        data: {
          name: `zz zebra ${suffix}`,
          inherent_likelihood: 5,
          inherent_impact: 5,
          residual_likelihood: 5,
          residual_impact: 5,
        },
      });
    }
    // A few matches inside the first PROBE_ROWS by name ('mid yak' sorts after the 'human error'
    // rows), more beyond them ('zz yak'): the probe finds some but not a page.
    for (let index = 0; index < 30; index++) {
      await storage.risks.create({
        organizationId,
        actor,
        data: {
          name: `${index < 10 ? 'mid' : 'zz'} yak ${index}`,
          inherent_likelihood: 2,
          inherent_impact: 2,
        },
      });
    }
    all = [];
    let cursor: string | undefined;
    do {
      const page = await storage.risks.list({ organizationId, pageSize: 100, cursor });
      all.push(...page.items);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }, 120_000);

  afterAll(async () => dispose());

  async function listAll(args: {
    query: string;
    field: 'name' | 'residual_score' | 'created_at';
    direction: 'asc' | 'desc';
    status?: Risk['status'][];
  }) {
    const ids: string[] = [];
    const totals = new Set<number>();
    let cursor: string | undefined;
    do {
      const page = await storage.risks.list({
        organizationId,
        pageSize: 25,
        cursor,
        orderBy: { field: args.field, direction: args.direction },
        filters: { query: args.query, ...(args.status ? { status: args.status } : {}) },
      });
      ids.push(...page.items.map((risk) => risk.id));
      totals.add(page.total_count);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return { ids, totals: [...totals] };
  }

  function expected(args: {
    query: string;
    field: 'name' | 'residual_score' | 'created_at';
    direction: 'asc' | 'desc';
    status?: Risk['status'][];
  }) {
    const needle = args.query.toLowerCase();
    const key = (risk: Risk) => (args.field === 'name' ? risk.name.toLowerCase() : risk[args.field]);
    const sign = args.direction === 'asc' ? 1 : -1;
    return all
      .filter(
        (risk) =>
          risk.name.toLowerCase().includes(needle) || (risk.description ?? '').toLowerCase().includes(needle),
      )
      .filter((risk) => !args.status || args.status.includes(risk.status))
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x !== y) return (x < y ? -1 : 1) * sign;
        return (a.id < b.id ? -1 : 1) * sign;
      })
      .map((risk) => risk.id);
  }

  const CASES = [
    { query: 'fraud', field: 'name', direction: 'asc' },
    { query: 'Human', field: 'created_at', direction: 'desc' },
    { query: 'outage', field: 'residual_score', direction: 'desc', status: ['OPEN', 'CLOSED'] },
    { query: 'zebra', field: 'name', direction: 'asc' },
    { query: 'zebra', field: 'name', direction: 'desc' },
    { query: 'zebra', field: 'residual_score', direction: 'asc' },
    { query: 'yak', field: 'name', direction: 'asc' },
    { query: 'risk 000', field: 'name', direction: 'asc' },
    { query: 'no such words', field: 'created_at', direction: 'asc' },
  ] as const;

  it.each(CASES)('pages of $query by $field $direction equal the whole query', async (args) => {
    const want = expected({ ...args, status: 'status' in args ? [...args.status] : undefined });
    const got = await listAll({ ...args, status: 'status' in args ? [...args.status] : undefined });
    expect(got.ids).toEqual(want);
    expect(got.totals).toEqual([want.length]);
  });

  it('covers both outcomes: pages found within the probe and matches beyond it', () => {
    const byName = [...all].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
    const probed = byName.slice(0, PROBE_ROWS);
    expect(probed.filter((risk) => risk.name.toLowerCase().includes('fraud')).length).toBeGreaterThan(26);
    expect(probed.some((risk) => risk.name.includes('zebra'))).toBe(false);
    const yaks = probed.filter((risk) => risk.name.includes('yak')).length;
    expect(yaks).toBeGreaterThan(0);
    expect(yaks).toBeLessThan(26);
  });
});
