import { pageSizeLimits } from '@comply/schemas/registers';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { invalidInput } from '../errors.js';
import { type CursorPosition, type CursorState, decodeCursor, encodeCursor, hashFilters } from './cursor.js';
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
  /** True when total_count stopped at the listing's count limit: at least that many match. */
  total_count_is_lower_bound: boolean;
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

/** The spec's page_size default and bound (`specs/types/pagination.yaml`, generated into the registry). */
export const DEFAULT_PAGE_SIZE: number = pageSizeLimits.default;
/**
 * How far a free-text search counts its matches: an exact count of a common word visits every
 * match (143k rows at a million risks), so beyond this total_count is this number and a lower bound.
 */
export const SEARCH_COUNT_LIMIT = 10_000;
export const MAX_PAGE_SIZE: number = pageSizeLimits.max;

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
  /** Counts above this are reported as this number, flagged as a lower bound (none: exact). */
  countLimit?: number | undefined;
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
  const { total, lowerBound } = await pageTotal({ position, rows: rows.length, pageSize, ...args });
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1];
  const next_cursor =
    rows.length > pageSize && last
      ? encodeCursor({
          secret: args.secret,
          binding,
          position: { value: cursorValue(last.sort_value), id: last.id, total, lowerBound },
        })
      : null;
  return { items, next_cursor, total_count: total, total_count_is_lower_bound: lowerBound };
}

/** total_count as the cursor carries it, as a first page that is not full shows it, or counted. */
async function pageTotal(args: {
  position: CursorState | null;
  rows: number;
  pageSize: number;
  count: () => Promise<number>;
  countLimit?: number | undefined;
}): Promise<{ total: number; lowerBound: boolean }> {
  if (args.position?.total !== undefined) {
    return { total: args.position.total, lowerBound: args.position.lowerBound === true };
  }
  if (args.position === null && args.rows <= args.pageSize) return { total: args.rows, lowerBound: false };
  const counted = await args.count();
  if (args.countLimit !== undefined && counted > args.countLimit) {
    return { total: args.countLimit, lowerBound: true };
  }
  return { total: counted, lowerBound: false };
}
