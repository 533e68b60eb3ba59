import { expect, it } from 'vitest';
import type { Actor, Page, Storage } from '../src/index.js';
import { type fixedClock, seedOrganization } from './helpers.js';

/** Any repository's list method; the helpers pass it loosely typed params. */
type ListFn<T> = (params: never) => Promise<Page<T>>;

type LooseListFn<T> = (params: {
  organizationId: string;
  filters?: object;
  orderBy?: { field: string; direction?: 'asc' | 'desc' };
  pageSize?: number;
  cursor?: string | null;
}) => Promise<Page<T>>;

/** Follows next_cursor to the end and returns every item, checking total_count on each page. */
export async function collect<T extends { id: string }>(args: {
  list: ListFn<T>;
  organizationId: string;
  filters?: object;
  orderBy?: { field: string; direction?: 'asc' | 'desc' };
  pageSize?: number;
}): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  let total: number | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const list = args.list as unknown as LooseListFn<T>;
    const page: Page<T> = await list({
      organizationId: args.organizationId,
      filters: args.filters,
      orderBy: args.orderBy,
      pageSize: args.pageSize ?? 2,
      cursor,
    });
    total ??= page.total_count;
    expect(page.total_count).toBe(total);
    items.push(...page.items);
    cursor = page.next_cursor;
    if (!cursor) break;
  }
  expect(items.length).toBe(total);
  return items;
}

type SortValue = string | number | boolean | null;

/** The order the contract promises: key (NULLs last in both directions), then id in the same direction. */
export function expectedOrder<T extends { id: string }>(args: {
  items: T[];
  key: (item: T) => SortValue;
  direction: 'asc' | 'desc';
}): string[] {
  const sign = args.direction === 'asc' ? 1 : -1;
  return [...args.items]
    .sort((a, b) => {
      const ka = args.key(a);
      const kb = args.key(b);
      if (ka === null && kb !== null) return 1;
      if (kb === null && ka !== null) return -1;
      if (ka !== null && kb !== null && ka !== kb) return (ka < kb ? -1 : 1) * sign;
      return (a.id < b.id ? -1 : 1) * sign;
    })
    .map((item) => item.id);
}

/**
 * Checks one ordering over all pages, and that it is not the order some other field would give
 * (so a test of an ignored order_by fails).
 */
export async function checkOrdering<T extends { id: string }>(args: {
  list: ListFn<T>;
  organizationId: string;
  all: T[];
  field: string;
  direction: 'asc' | 'desc';
  key: (item: T) => SortValue;
  /** Orders a broken implementation might fall back to. */
  notLike: string[][];
}): Promise<void> {
  const listed = await collect({
    list: args.list,
    organizationId: args.organizationId,
    orderBy: { field: args.field, direction: args.direction },
  });
  const expected = expectedOrder({ items: args.all, key: args.key, direction: args.direction });
  expect(
    listed.map((item) => item.id),
    `${args.field} ${args.direction}`,
  ).toEqual(expected);
  for (const other of args.notLike)
    expect(expected, `${args.field} ${args.direction} is distinguishable`).not.toEqual(other);
}

/** Ids sorted ascending and descending: what an implementation ignoring order_by would return. */
export function idOrders(items: { id: string }[]): string[][] {
  const asc = items.map((item) => item.id).sort();
  return [asc, [...asc].reverse()];
}

/** Checks that a filter returns exactly the expected records, and that it actually narrows. */
export async function checkFilter<T extends { id: string }>(args: {
  list: ListFn<T>;
  organizationId: string;
  all: T[];
  filters: object;
  expected: (item: T) => boolean;
}): Promise<void> {
  const listed = await collect({
    list: args.list,
    organizationId: args.organizationId,
    filters: args.filters,
    pageSize: 3,
  });
  const expected = args.all
    .filter(args.expected)
    .map((item) => item.id)
    .sort();
  const label = JSON.stringify(args.filters);
  expect(expected.length, `${label} matches something`).toBeGreaterThan(0);
  expect(expected.length, `${label} excludes something`).toBeLessThan(args.all.length);
  expect(listed.map((item) => item.id).sort(), label).toEqual(expected);
}

/** The timestamps every register's list can be ordered by. */
type Stamp = 'created_at' | 'updated_at';

/**
 * Registers one test per filter case and per ordering × direction, plus the default ordering. The
 * orderings are the register's own, then its `timestamps` (both unless fewer are named).
 */
export function defineListTests<T extends { id: string } & Record<Stamp, string>>(args: {
  state: () => { list: ListFn<T>; organizationId: string; all: T[] };
  filters: [object, (item: T) => boolean][];
  orderings: [string, (item: T) => SortValue][];
  timestamps?: Stamp[];
  defaultOrder: { field: string; direction: 'asc' | 'desc' };
}): void {
  const stamps = args.timestamps ?? ['created_at', 'updated_at'];
  const orderings = [
    ...args.orderings,
    ...stamps.map((field): [string, (item: T) => SortValue] => [field, (item) => item[field]]),
  ];
  it.each(args.filters)('filters by %j', async (filters, expected) => {
    const { list, organizationId, all } = args.state();
    await checkFilter({ list, organizationId, all, filters, expected });
  });

  it(`orders by ${args.defaultOrder.field} ${args.defaultOrder.direction} by default`, async () => {
    const { list, organizationId, all } = args.state();
    const key = orderings.find(([field]) => field === args.defaultOrder.field)?.[1];
    if (!key) throw new Error('default ordering missing from orderings');
    const listed = await collect({ list, organizationId });
    expect(listed.map((item) => item.id)).toEqual(
      expectedOrder({ items: all, key, direction: args.defaultOrder.direction }),
    );
    expect(listed.map((item) => item.id)).not.toEqual(idOrders(all)[0]);
  });

  for (const [field, key] of orderings) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`orders by ${field} ${direction}`, async () => {
        const { list, organizationId, all } = args.state();
        const notLike = idOrders(all);
        const isDefault = field === args.defaultOrder.field && direction === args.defaultOrder.direction;
        if (!isDefault) notLike.push((await collect({ list, organizationId })).map((item) => item.id));
        await checkOrdering({ list, organizationId, all, field, direction, key, notLike });
      });
    }
  }
}

/** What `seedListRecords` needs of a register's repository. */
interface SeededRegister<T, Data, Patch> {
  create: (args: { organizationId: string; actor: Actor; data: Data }) => Promise<unknown>;
  update: (args: { organizationId: string; actor: Actor; id: string; patch: Patch }) => Promise<unknown>;
  list: (args: { organizationId: string; pageSize: number }) => Promise<Page<T>>;
}

/**
 * Fills a register for its list tests and returns the organization's records as listed. Each of
 * `rows` is created at 13:0<its minute>, so created_at order is not the order of creation; one
 * record goes to another organization, so a list that leaks shows it; then the records named in
 * `touched` are updated a minute apart (from `touchFrom` when given), so updated_at order is
 * neither. The clock is left at 12:00.
 */
export async function seedListRecords<T extends { id: string }, Data, Patch>(
  at: { storage: Storage; clock: ReturnType<typeof fixedClock>; organizationId: string; actor: Actor },
  register: SeededRegister<T, Data, Patch>,
  args: {
    rows: Data[];
    minutes: number[];
    foreign: Data;
    touched: { named: string[]; name: (item: T) => string; patch: Patch; from?: string };
  },
): Promise<T[]> {
  const { clock, organizationId, actor } = at;
  for (const [index, data] of args.rows.entries()) {
    clock.set(`2026-06-15T13:0${args.minutes[index]}:00.000Z`);
    await register.create({ organizationId, actor, data });
  }
  await register.create({
    organizationId: (await seedOrganization(at.storage, 'Other')).organization.id,
    actor,
    data: args.foreign,
  });
  if (args.touched.from) clock.set(args.touched.from);
  const created = (await register.list({ organizationId, pageSize: 100 })).items;
  for (const name of args.touched.named) {
    clock.tick(60_000);
    const record = created.find((item) => args.touched.name(item) === name);
    if (!record) throw new Error(`no record named ${name} to touch`);
    await register.update({ organizationId, actor, id: record.id, patch: args.touched.patch });
  }
  clock.set('2026-06-15T12:00:00.000Z');
  return (await register.list({ organizationId, pageSize: 100 })).items;
}
