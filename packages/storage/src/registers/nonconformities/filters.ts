import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { OrderSpec } from '../../paging/order.js';
import { likePattern } from '../kit.js';
import { ncOverdueSql } from './mapping.js';
import type { NonconformityFilters, NonconformityOrderField } from './types.js';

/** listNonconformities orderings; the default is date_identified desc. */
export const NONCONFORMITY_ORDER: OrderSpec<NonconformityOrderField> = {
  keys: {
    date_identified: { expr: sql.ref('nonconformities.date_identified'), nullable: false },
    due_date: { expr: sql.ref('nonconformities.due_date'), nullable: true },
    reference: { expr: sql.ref('nonconformities.reference'), nullable: false },
    created_at: { expr: sql.ref('nonconformities.created_at'), nullable: false },
    updated_at: { expr: sql.ref('nonconformities.updated_at'), nullable: false },
  },
  defaultOrder: { field: 'date_identified', direction: 'desc' },
  idColumn: 'nonconformities.id',
};

/** The WHERE clause of listNonconformities. */
export function nonconformityWhere(args: {
  organizationId: string;
  filters: NonconformityFilters;
  today: string;
}) {
  const f = args.filters;
  return (eb: ExpressionBuilder<Database, 'nonconformities'>): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [eb('nonconformities.organization_id', '=', args.organizationId)];
    if (f.status?.length) terms.push(eb('nonconformities.status', 'in', f.status));
    if (f.severity?.length) terms.push(eb('nonconformities.severity', 'in', f.severity));
    if (f.open !== undefined) terms.push(eb('nonconformities.status', f.open ? '<>' : '=', 'CLOSED'));
    if (f.overdue !== undefined) {
      const overdue = ncOverdueSql(args.today);
      terms.push(f.overdue ? overdue : eb.not(overdue));
    }
    if (f.audit_id !== undefined) terms.push(eb('nonconformities.audit_id', '=', f.audit_id));
    if (f.measure_id !== undefined) terms.push(eb('nonconformities.measure_id', '=', f.measure_id));
    if (f.owner !== undefined)
      terms.push(eb(eb.fn('lower', ['nonconformities.owner']), '=', f.owner.toLowerCase()));
    if (f.query) {
      const pattern = likePattern(f.query);
      terms.push(
        eb.or([
          eb('nonconformities.reference', 'ilike', pattern),
          eb('nonconformities.title', 'ilike', pattern),
          eb('nonconformities.description', 'ilike', pattern),
        ]),
      );
    }
    if (f.due_before !== undefined) terms.push(eb('nonconformities.due_date', '<', f.due_before));
    if (f.identified_after !== undefined)
      terms.push(eb('nonconformities.date_identified', '>', f.identified_after));
    if (f.identified_before !== undefined)
      terms.push(eb('nonconformities.date_identified', '<', f.identified_before));
    return eb.and(terms);
  };
}
