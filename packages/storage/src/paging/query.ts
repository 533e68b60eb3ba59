import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { StorageContext } from '../context.js';
import type { Database } from '../db/types.js';
import { type ListParams, type Page, paginate } from './list.js';
import type { OrderSpec } from './order.js';

/**
 * Runs a register list: the select (wire columns) narrowed by `where`, keyset-paginated by `spec`,
 * with total_count from a COUNT over the same `where`.
 */
export async function listPage<TB extends keyof Database, Row extends { id: string }>(args: {
  ctx: StorageContext;
  register: string;
  spec: OrderSpec;
  params: ListParams<object>;
  select: () => SelectQueryBuilder<Database, TB, Row>;
  where: (eb: ExpressionBuilder<Database, TB>) => Expression<SqlBool>;
  /** A cheaper exact total_count, when the register has one for these filters (null: use COUNT). */
  count?: () => Promise<number | null>;
}): Promise<Page<Row>> {
  return paginate({
    secret: args.ctx.cursorSecret,
    register: args.register,
    spec: args.spec,
    params: args.params,
    fetch: ({ after, orderBy, sortValue, limit }) => {
      let query = args.select().where(args.where).select(sortValue.as('sort_value'));
      if (after) query = query.where(after);
      for (const term of orderBy) query = query.orderBy(term);
      return query.limit(limit).execute();
    },
    count: async () => {
      const fast = args.count ? await args.count() : null;
      if (fast !== null) return fast;
      const row = await args
        .select()
        .clearSelect()
        .where(args.where)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  });
}
