import { registerOrders } from '@comply/schemas/registers';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { OrderSpec } from '../../paging/order.js';
import { likePattern } from '../kit.js';
import type { FrameworkFilters, FrameworkOrderField } from './types.js';

/** listFrameworks orderings; the default is the spec's (`registerOrders.frameworks`). */
export const FRAMEWORK_ORDER: OrderSpec<FrameworkOrderField> = {
  keys: {
    name: { expr: sql`lower(frameworks.name)`, nullable: false },
    created_at: { expr: sql.ref('frameworks.created_at'), nullable: false },
    updated_at: { expr: sql.ref('frameworks.updated_at'), nullable: false },
  },
  defaultOrder: registerOrders.frameworks.default,
  idColumn: 'frameworks.id',
};

/** The WHERE clause of listFrameworks. */
export function frameworkWhere(args: { organizationId: string; filters: FrameworkFilters }) {
  const f = args.filters;
  return (eb: ExpressionBuilder<Database, 'frameworks'>): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [eb('frameworks.organization_id', '=', args.organizationId)];
    if (f.query) {
      const pattern = likePattern(f.query);
      terms.push(
        eb.or([eb('frameworks.name', 'ilike', pattern), eb('frameworks.description', 'ilike', pattern)]),
      );
    }
    return eb.and(terms);
  };
}
