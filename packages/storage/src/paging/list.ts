import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { invalidInput } from '../errors.js';
import { type CursorPosition, decodeCursor, encodeCursor, hashFilters } from './cursor.js';
import { keysetAfter, type OrderBy, type OrderSpec, orderTerms, resolveOrder } from './order.js';

/** Common inputs of every list call. */
export interface ListParams<Filters, Field extends string = string> {
  organizationId: string;
  filters?: Filters | undefined;
  orderBy?: OrderBy<Field> | null | undefined;
  pageSize?: number | undefined;
  cursor?: string | null | undefined;
}

/** What every list returns (the server renames `items` to the register's plural). */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  total_count: number;
}

/** Rows fetched by a list must expose their id and the value they were sorted by. */
export interface SortedRow {
  id: string;
  sort_value: unknown;
}

/** What a register's fetch receives: the keyset condition (null on the first page), ordering, limit. */
export interface PageQuery {
  after: RawBuilder<SqlBool> | null;
  orderBy: RawBuilder<unknown>[];
  sortValue: RawBuilder<unknown>;
  limit: number;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

function cursorValue(value: unknown): CursorPosition['value'] {
  if (value instanceof Date) return value.toISOString();
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** Keyset pagination shared by every list: validates, decodes the cursor, fetches, counts, signs. */
export async function paginate<Row extends SortedRow>(args: {
  secret: Buffer;
  register: string;
  spec: OrderSpec;
  params: ListParams<object>;
  fetch: (query: PageQuery) => Promise<Row[]>;
  count: () => Promise<number>;
}): Promise<Page<Row>> {
  const { params, spec } = args;
  const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw invalidInput('page_size', `\`page_size\` must be an integer from 1 to ${MAX_PAGE_SIZE}.`);
  }
  const order = resolveOrder({ spec, orderBy: params.orderBy });
  const binding = {
    organizationId: params.organizationId,
    register: args.register,
    order: order.signature,
    filtersHash: hashFilters(params.filters ?? {}),
  };
  const position = params.cursor
    ? decodeCursor({ secret: args.secret, binding, cursor: params.cursor })
    : null;
  const query: PageQuery = {
    after: position ? keysetAfter({ order, idColumn: spec.idColumn, position }) : null,
    orderBy: orderTerms({ order, idColumn: spec.idColumn }),
    sortValue: sql`${order.key.expr}`,
    limit: pageSize + 1,
  };
  // total_count is counted once, on the first page, and travels in the signed cursor: later pages
  // report the count as it was when the listing began and skip the COUNT entirely. A first page
  // that is not full holds every match, so its length is the count and no COUNT runs either; the
  // page is read first to know that (docs/performance.md, "A first page that is not full").
  const rows = await args.fetch(query);
  const total =
    position?.total ?? (position === null && rows.length <= pageSize ? rows.length : await args.count());
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1];
  const next_cursor =
    rows.length > pageSize && last
      ? encodeCursor({
          secret: args.secret,
          binding,
          position: { value: cursorValue(last.sort_value), id: last.id, total },
        })
      : null;
  return { items, next_cursor, total_count: total };
}
