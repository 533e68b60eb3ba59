import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { invalidInput } from '../../errors.js';
import type { OrderSpec } from '../../paging/order.js';
import { likePattern } from '../kit.js';
import type { MeasureFilters, MeasureOrderField } from './types.js';

/** listMeasures orderings; the default is name asc. */
export const MEASURE_ORDER: OrderSpec<MeasureOrderField> = {
  keys: {
    name: { expr: sql`lower(measures.name)`, nullable: false },
    state: { expr: sql.ref('measures.state'), nullable: false },
    created_at: { expr: sql.ref('measures.created_at'), nullable: false },
    updated_at: { expr: sql.ref('measures.updated_at'), nullable: false },
  },
  defaultOrder: { field: 'name', direction: 'asc' },
  idColumn: 'measures.id',
};

/** The WHERE clause of listMeasures. */
export function measureWhere(args: { organizationId: string; filters: MeasureFilters }) {
  const f = args.filters;
  if (f.control_code !== undefined && f.framework_id === undefined) {
    throw invalidInput(
      'control_code',
      '`control_code` needs `framework_id`: control codes are unique per framework.',
    );
  }
  return (eb: ExpressionBuilder<Database, 'measures'>): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [eb('measures.organization_id', '=', args.organizationId)];
    if (f.state?.length) terms.push(eb('measures.state', 'in', f.state));
    if (f.category !== undefined)
      terms.push(eb(eb.fn('lower', ['measures.category']), '=', f.category.toLowerCase()));
    if (f.owner !== undefined) terms.push(eb(eb.fn('lower', ['measures.owner']), '=', f.owner.toLowerCase()));
    if (f.query) {
      const pattern = likePattern(f.query);
      terms.push(
        eb.or([eb('measures.name', 'ilike', pattern), eb('measures.description', 'ilike', pattern)]),
      );
    }
    if (f.framework_id !== undefined) {
      let controls = eb
        .selectFrom('measure_controls as mc')
        .select('mc.measure_id')
        .whereRef('mc.measure_id', '=', 'measures.id')
        .where('mc.framework_id', '=', f.framework_id);
      if (f.control_code !== undefined) controls = controls.where('mc.control_code', '=', f.control_code);
      terms.push(eb.exists(controls));
    }
    if (f.risk_id !== undefined) {
      terms.push(
        eb.exists(
          eb
            .selectFrom('risk_measures as rm')
            .select('rm.risk_id')
            .whereRef('rm.measure_id', '=', 'measures.id')
            .where('rm.risk_id', '=', f.risk_id),
        ),
      );
    }
    if (f.has_evidence !== undefined) {
      const evidence = eb.exists(
        eb.selectFrom('measure_evidence as e').select('e.id').whereRef('e.measure_id', '=', 'measures.id'),
      );
      terms.push(f.has_evidence ? evidence : eb.not(evidence));
    }
    return eb.and(terms);
  };
}
