import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { OrderSpec } from '../../paging/order.js';
import { likePattern } from '../kit.js';
import { obligationOverdueSql } from './mapping.js';
import type { ObligationFilters, ObligationOrderField } from './types.js';

/** listObligations orderings; the default is due_date asc (nulls last). */
export const OBLIGATION_ORDER: OrderSpec<ObligationOrderField> = {
  keys: {
    due_date: { expr: sql.ref('obligations.due_date'), nullable: true },
    title: { expr: sql`lower(obligations.title)`, nullable: false },
    created_at: { expr: sql.ref('obligations.created_at'), nullable: false },
    updated_at: { expr: sql.ref('obligations.updated_at'), nullable: false },
  },
  defaultOrder: { field: 'due_date', direction: 'asc' },
  idColumn: 'obligations.id',
};

/** The WHERE clause of listObligations. */
export function obligationWhere(args: { organizationId: string; filters: ObligationFilters; today: string }) {
  const f = args.filters;
  return (eb: ExpressionBuilder<Database, 'obligations'>): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [eb('obligations.organization_id', '=', args.organizationId)];
    if (f.status?.length) terms.push(eb('obligations.status', 'in', f.status));
    if (f.source?.length) terms.push(eb('obligations.source', 'in', f.source));
    if (f.area !== undefined) terms.push(eb(eb.fn('lower', ['obligations.area']), '=', f.area.toLowerCase()));
    if (f.owner !== undefined)
      terms.push(eb(eb.fn('lower', ['obligations.owner']), '=', f.owner.toLowerCase()));
    if (f.regulator !== undefined) {
      terms.push(eb(eb.fn('lower', ['obligations.regulator']), '=', f.regulator.toLowerCase()));
    }
    if (f.query) {
      const pattern = likePattern(f.query);
      terms.push(
        eb.or([eb('obligations.title', 'ilike', pattern), eb('obligations.requirement', 'ilike', pattern)]),
      );
    }
    if (f.due_before !== undefined) terms.push(eb('obligations.due_date', '<', f.due_before));
    if (f.due_after !== undefined) terms.push(eb('obligations.due_date', '>', f.due_after));
    if (f.overdue !== undefined) {
      const overdue = obligationOverdueSql(args.today);
      terms.push(f.overdue ? overdue : eb.not(overdue));
    }
    if (f.reviewed_before !== undefined)
      terms.push(eb('obligations.last_review_date', '<', f.reviewed_before));
    return eb.and(terms);
  };
}
