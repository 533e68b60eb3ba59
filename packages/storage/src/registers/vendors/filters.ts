import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { OrderSpec } from '../../paging/order.js';
import { likePattern } from '../kit.js';
import { neverReviewedSql, reviewOverdueSql } from './mapping.js';
import type { VendorFilters, VendorOrderField } from './types.js';

/** listVendors orderings; the default is name asc. */
export const VENDOR_ORDER: OrderSpec<VendorOrderField> = {
  keys: {
    name: { expr: sql`lower(vendors.name)`, nullable: false },
    next_review_due: { expr: sql.ref('vendors.next_review_due'), nullable: true },
    last_reviewed_at: { expr: sql.ref('vendors.last_reviewed_at'), nullable: true },
    created_at: { expr: sql.ref('vendors.created_at'), nullable: false },
    updated_at: { expr: sql.ref('vendors.updated_at'), nullable: false },
  },
  defaultOrder: { field: 'name', direction: 'asc' },
  idColumn: 'vendors.id',
};

/** The WHERE clause of listVendors. */
export function vendorWhere(args: { organizationId: string; filters: VendorFilters; today: string }) {
  const f = args.filters;
  return (eb: ExpressionBuilder<Database, 'vendors'>): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [eb('vendors.organization_id', '=', args.organizationId)];
    if (f.status?.length) terms.push(eb('vendors.status', 'in', f.status));
    if (f.risk_tier?.length) terms.push(eb('vendors.risk_tier', 'in', f.risk_tier));
    if (f.category !== undefined)
      terms.push(eb(eb.fn('lower', ['vendors.category']), '=', f.category.toLowerCase()));
    if (f.owner !== undefined) terms.push(eb(eb.fn('lower', ['vendors.owner']), '=', f.owner.toLowerCase()));
    if (f.query) {
      const pattern = likePattern(f.query);
      terms.push(eb.or([eb('vendors.name', 'ilike', pattern), eb('vendors.description', 'ilike', pattern)]));
    }
    if (f.processes_personal_data !== undefined) {
      terms.push(eb('vendors.processes_personal_data', '=', f.processes_personal_data));
    }
    if (f.reviewed_before !== undefined) terms.push(eb('vendors.last_reviewed_at', '<', f.reviewed_before));
    if (f.reviewed_after !== undefined) terms.push(eb('vendors.last_reviewed_at', '>', f.reviewed_after));
    if (f.review_due_before !== undefined)
      terms.push(eb('vendors.next_review_due', '<', f.review_due_before));
    if (f.review_overdue !== undefined) {
      const overdue = reviewOverdueSql(args.today);
      terms.push(f.review_overdue ? overdue : eb.not(overdue));
    }
    if (f.never_reviewed !== undefined) {
      const never = neverReviewedSql();
      terms.push(f.never_reviewed ? never : eb.not(never));
    }
    if (f.contract_ends_before !== undefined)
      terms.push(eb('vendors.contract_end', '<', f.contract_ends_before));
    return eb.and(terms);
  };
}
