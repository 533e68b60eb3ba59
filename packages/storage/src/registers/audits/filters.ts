import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { addDays } from '../../dates.js';
import type { Database } from '../../db/types.js';
import type { OrderSpec } from '../../paging/order.js';
import { likePattern } from '../kit.js';
import { upcomingSql } from './mapping.js';
import type { AuditFilters, AuditOrderField } from './types.js';

/** listAudits orderings; the default is start_date asc (nulls last). */
export const AUDIT_ORDER: OrderSpec<AuditOrderField> = {
  keys: {
    start_date: { expr: sql.ref('audits.start_date'), nullable: true },
    name: { expr: sql`lower(audits.name)`, nullable: false },
    created_at: { expr: sql.ref('audits.created_at'), nullable: false },
    updated_at: { expr: sql.ref('audits.updated_at'), nullable: false },
  },
  defaultOrder: { field: 'start_date', direction: 'asc' },
  idColumn: 'audits.id',
};

/** The WHERE clause of listAudits. */
export function auditWhere(args: { organizationId: string; filters: AuditFilters; today: string }) {
  const f = args.filters;
  return (eb: ExpressionBuilder<Database, 'audits'>): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [eb('audits.organization_id', '=', args.organizationId)];
    if (f.state?.length) terms.push(eb('audits.state', 'in', f.state));
    if (f.kind?.length) terms.push(eb('audits.kind', 'in', f.kind));
    if (f.framework_id !== undefined) terms.push(eb('audits.framework_id', '=', f.framework_id));
    if (f.query) {
      const pattern = likePattern(f.query);
      terms.push(eb.or([eb('audits.name', 'ilike', pattern), eb('audits.auditor', 'ilike', pattern)]));
    }
    if (f.start_after !== undefined) terms.push(eb('audits.start_date', '>', f.start_after));
    if (f.start_before !== undefined) terms.push(eb('audits.start_date', '<', f.start_before));
    if (f.upcoming_within_days !== undefined) {
      terms.push(eb('audits.start_date', '>', args.today));
      terms.push(eb('audits.start_date', '<=', addDays({ date: args.today, days: f.upcoming_within_days })));
    }
    if (f.upcoming !== undefined) {
      const upcoming = upcomingSql(args.today);
      terms.push(f.upcoming ? upcoming : eb.not(upcoming));
    }
    return eb.and(terms);
  };
}
