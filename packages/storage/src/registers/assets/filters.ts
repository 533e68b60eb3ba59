import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { OrderSpec } from '../../paging/order.js';
import { likePattern } from '../kit.js';
import { assetNeverReviewedSql, assetReviewOverdueSql } from './mapping.js';
import type { AssetFilters, AssetOrderField } from './types.js';

/** listAssets orderings; the default is name asc. */
export const ASSET_ORDER: OrderSpec<AssetOrderField> = {
  keys: {
    name: { expr: sql`lower(assets.name)`, nullable: false },
    next_review_due: { expr: sql.ref('assets.next_review_due'), nullable: true },
    last_reviewed_at: { expr: sql.ref('assets.last_reviewed_at'), nullable: true },
    created_at: { expr: sql.ref('assets.created_at'), nullable: false },
    updated_at: { expr: sql.ref('assets.updated_at'), nullable: false },
  },
  defaultOrder: { field: 'name', direction: 'asc' },
  idColumn: 'assets.id',
};

/** The WHERE clause of listAssets. */
export function assetWhere(args: { organizationId: string; filters: AssetFilters; today: string }) {
  const f = args.filters;
  return (eb: ExpressionBuilder<Database, 'assets'>): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [eb('assets.organization_id', '=', args.organizationId)];
    if (f.type?.length) terms.push(eb('assets.type', 'in', f.type));
    if (f.classification?.length) terms.push(eb('assets.classification', 'in', f.classification));
    if (f.owner !== undefined) terms.push(eb(eb.fn('lower', ['assets.owner']), '=', f.owner.toLowerCase()));
    if (f.query) {
      const pattern = likePattern(f.query);
      terms.push(
        eb.or([
          eb('assets.name', 'ilike', pattern),
          eb('assets.description', 'ilike', pattern),
          eb('assets.location', 'ilike', pattern),
        ]),
      );
    }
    if (f.vendor_id !== undefined) terms.push(eb('assets.vendor_id', '=', f.vendor_id));
    if (f.review_overdue !== undefined) {
      const overdue = assetReviewOverdueSql(args.today);
      terms.push(f.review_overdue ? overdue : eb.not(overdue));
    }
    if (f.never_reviewed !== undefined) {
      const never = assetNeverReviewedSql();
      terms.push(f.never_reviewed ? never : eb.not(never));
    }
    return eb.and(terms);
  };
}
