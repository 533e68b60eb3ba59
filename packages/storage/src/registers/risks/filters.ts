import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { OrderSpec } from '../../paging/order.js';
import { likePattern } from '../kit.js';
import { mitigationStatusSql } from './mapping.js';
import type { RiskFilters, RiskOrderField } from './types.js';

/** listRisks orderings; the default is residual_score desc. */
export const RISK_ORDER: OrderSpec<RiskOrderField> = {
  keys: {
    residual_score: { expr: sql.ref('risks.residual_score'), nullable: false },
    inherent_score: { expr: sql.ref('risks.inherent_score'), nullable: false },
    name: { expr: sql`lower(risks.name)`, nullable: false },
    created_at: { expr: sql.ref('risks.created_at'), nullable: false },
    updated_at: { expr: sql.ref('risks.updated_at'), nullable: false },
    review_date: { expr: sql.ref('risks.review_date'), nullable: true },
  },
  defaultOrder: { field: 'residual_score', direction: 'desc' },
  idColumn: 'risks.id',
};

/** The WHERE clause of listRisks: the organization plus every filter given. */
export function riskWhere(args: { organizationId: string; filters: RiskFilters }) {
  const f = args.filters;
  return (eb: ExpressionBuilder<Database, 'risks'>): Expression<SqlBool> => {
    const terms: Expression<SqlBool>[] = [eb('risks.organization_id', '=', args.organizationId)];
    if (f.status?.length) terms.push(eb('risks.status', 'in', f.status));
    if (f.treatment?.length) terms.push(eb('risks.treatment', 'in', f.treatment));
    if (f.mitigation_status?.length) terms.push(eb(mitigationStatusSql, 'in', f.mitigation_status));
    if (f.category !== undefined)
      terms.push(eb(eb.fn('lower', ['risks.category']), '=', f.category.toLowerCase()));
    if (f.owner !== undefined) terms.push(eb(eb.fn('lower', ['risks.owner']), '=', f.owner.toLowerCase()));
    if (f.query) {
      const pattern = likePattern(f.query);
      terms.push(eb.or([eb('risks.name', 'ilike', pattern), eb('risks.description', 'ilike', pattern)]));
    }
    if (f.min_residual_score !== undefined)
      terms.push(eb('risks.residual_score', '>=', f.min_residual_score));
    if (f.max_residual_score !== undefined)
      terms.push(eb('risks.residual_score', '<=', f.max_residual_score));
    if (f.min_inherent_score !== undefined)
      terms.push(eb('risks.inherent_score', '>=', f.min_inherent_score));
    if (f.max_inherent_score !== undefined)
      terms.push(eb('risks.inherent_score', '<=', f.max_inherent_score));
    const linked = eb
      .selectFrom('risk_measures as rm')
      .select('rm.measure_id')
      .whereRef('rm.risk_id', '=', 'risks.id');
    if (f.has_mitigation === true) terms.push(eb.exists(linked));
    if (f.has_mitigation === false) terms.push(eb.not(eb.exists(linked)));
    if (f.measure_id !== undefined) terms.push(eb.exists(linked.where('rm.measure_id', '=', f.measure_id)));
    if (f.asset_id !== undefined) {
      const onAsset = eb
        .selectFrom('risk_assets as ra')
        .select('ra.asset_id')
        .whereRef('ra.risk_id', '=', 'risks.id')
        .where('ra.asset_id', '=', f.asset_id);
      terms.push(eb.exists(onAsset));
    }
    if (f.review_before !== undefined) terms.push(eb('risks.review_date', '<', f.review_before));
    return eb.and(terms);
  };
}
