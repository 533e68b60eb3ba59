import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { StorageContext } from '../context.js';
import type { Database, Db } from '../db/types.js';
import { type ListParams, type Page, paginate, SEARCH_COUNT_LIMIT } from './list.js';
import type { OrderSpec } from './order.js';

/**
 * How many rows, in the listing's order, a search's probe reads before giving up (see `probe`).
 * A substring found in one row out of 40 fills a 50-row page within it.
 */
export const PROBE_ROWS = 2000;

/**
 * Runs a register list: the select (wire columns) narrowed by `where`, keyset-paginated by `spec`,
 * with total_count from a COUNT over the same `where`. A text search counts at most
 * SEARCH_COUNT_LIMIT + 1 matches: beyond the limit its total_count is the limit, a lower bound.
 *
 * With `probe` (a text search: `where` without its `query` term), the page is first looked for
 * among the first PROBE_ROWS rows that `probe` admits, in the listing's order, read along the
 * ordering's index and only as far as the page needs. When they hold a full page of matches,
 * those are exactly the page the whole query would return: every later match sorts after all of
 * them. Otherwise the matches are read on their own (the trigram index), then sorted to the page.
 * The planner cannot tell how common a substring is, nor where its matches fall in an ordering:
 * left alone it filled the page of a common one from the trigram index and sorted every match (a
 * second at a million risks) when reading the first few hundred rows in order was enough, and it
 * read most of the table in order when the matches all sort last (docs/performance.md).
 */
export async function listPage<TB extends keyof Database, Row extends { id: string }>(args: {
  ctx: StorageContext;
  register: string;
  spec: OrderSpec;
  params: ListParams<object>;
  /** The register's select of wire columns, from `db` (default: the storage's). */
  select: (db?: Db) => SelectQueryBuilder<Database, TB, Row>;
  where: (eb: ExpressionBuilder<Database, TB>) => Expression<SqlBool>;
  /** A cheaper exact total_count, when the register has one for these filters (null: use COUNT). */
  count?: () => Promise<number | null>;
  /** `where` without the text search, when there is one. */
  probe?: ((eb: ExpressionBuilder<Database, TB>) => Expression<SqlBool>) | undefined;
}): Promise<Page<Row>> {
  const idColumn = args.spec.idColumn;
  const table = idColumn.slice(0, idColumn.indexOf('.'));
  // How many rows match, when a first page's fallback read every match anyway (see below).
  let matched: number | undefined;
  return paginate({
    secret: args.ctx.cursorSecret,
    register: args.register,
    spec: args.spec,
    params: args.params,
    fetch: async ({ after, orderBy, sortValue, limit }) => {
      let query = args.select().where(args.where).select(sortValue.as('sort_value'));
      if (after) query = query.where(after);
      for (const term of orderBy) query = query.orderBy(term);
      query = query.limit(limit);
      if (args.probe) {
        // The same select over a CTE named like the table: the first PROBE_ROWS rows that `probe`
        // admits, in order. Inside a non-recursive CTE its own name still means the table, and
        // the select list, `where`, `after` and the order terms apply to it unchanged. Its rows
        // come out in the listing's order, so the outer query stops at its limit.
        const probe = args.probe;
        const first = args.ctx.db.with(table, (db) => {
          let rows = db
            .selectFrom(table as never)
            .selectAll()
            .where(probe as never);
          if (after) rows = rows.where(after);
          for (const term of orderBy) rows = rows.orderBy(term);
          return rows.limit(PROBE_ROWS);
        }) as unknown as Db;
        let probed = args.select(first).where(args.where).select(sortValue.as('sort_value'));
        if (after) probed = probed.where(after);
        for (const term of orderBy) probed = probed.orderBy(term);
        const rows = await probed.limit(limit).execute();
        if (rows.length === limit) return rows;
        // No full page in the first PROBE_ROWS rows in order: the matches are sparse there, so
        // reading on in that order is the plan to avoid, yet with ORDER BY … LIMIT the planner
        // still takes it (it read 858k risks, 1.6 s, for a common word whose matches all sort
        // last). The matches are read first, on their own (a MATERIALIZED CTE named like the
        // table, planned for `where` alone: the trigram index), then ordered and cut to the
        // page; the select's sub-selects still run for the page's rows only.
        const matches = args.ctx.db.with(
          (cte) => cte(table).materialized(),
          (db) => {
            let rows = db
              .selectFrom(table as never)
              .selectAll()
              .where(args.where as never);
            if (after) rows = rows.where(after);
            return rows;
          },
        ) as unknown as Db;
        // On a first page every match is in the CTE, so their number comes along (a window
        // count, before the sort and the limit) and the COUNT need not read them again.
        let sparse = args
          .select(matches)
          .where(args.where)
          .select([sortValue.as('sort_value'), sql<string>`count(*) over ()`.as('matched_count')]);
        if (after) sparse = sparse.where(after);
        for (const term of orderBy) sparse = sparse.orderBy(term);
        const found = await sparse.limit(limit).execute();
        if (!after)
          matched = Number((found[0] as { matched_count?: unknown } | undefined)?.matched_count ?? 0);
        for (const row of found) delete (row as { matched_count?: unknown }).matched_count;
        return found;
      }
      return query.execute();
    },
    countLimit: args.probe ? SEARCH_COUNT_LIMIT : undefined,
    count: async () => {
      if (matched !== undefined) return matched;
      const fast = args.count ? await args.count() : null;
      if (fast !== null) return fast;
      const matches = args.select().clearSelect().where(args.where);
      const row = args.probe
        ? await args.ctx.db
            .selectFrom(
              matches
                .select(sql<number>`1`.as('one'))
                .limit(SEARCH_COUNT_LIMIT + 1)
                .as('matches'),
            )
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        : await matches.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },
  });
}
