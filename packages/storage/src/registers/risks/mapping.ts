import { type RawBuilder, sql } from 'kysely';
import { isoTimestampSql, type RecordJson } from '../../audit/audited-statement.js';
import { toIsoTimestamp } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { MitigationStatus, RiskStatus, RiskTreatment } from '../../enums.js';
import type { SelectedRow } from '../kit.js';
import type { Risk } from './types.js';

const IMPLEMENTED = sql`m.state = 'IMPLEMENTED'`;
const NOT_DONE = sql`m.state not in ('IMPLEMENTED', 'NOT_APPLICABLE')`;

// The one definition of a risk's mitigation status, over its linked measures (rm, m): no measure
// linked, measures linked but none IMPLEMENTED (PLANNED: not mitigated yet), some, or all done.
const STATUS = sql`case
  when count(*) = 0 then 'UNMITIGATED'
  when count(*) filter (where ${IMPLEMENTED}) = 0 then 'PLANNED'
  when count(*) filter (where ${NOT_DONE}) = 0 then 'MITIGATED'
  else 'PARTIALLY_MITIGATED' end`;

const LINKED = sql`from risk_measures rm join measures m on m.id = rm.measure_id where rm.risk_id = risks.id`;

/** The mitigation status of `risks` row as a SQL expression (filters use it too). */
export const mitigationStatusSql: RawBuilder<MitigationStatus> = sql<MitigationStatus>`(select ${STATUS} ${LINKED})`;

const mitigationJson = sql<Risk['mitigation']>`(select jsonb_build_object(
  'status', ${STATUS},
  'measures_total', count(*),
  'measures_implemented', count(*) filter (where ${IMPLEMENTED})) ${LINKED})`;

const measureIdsJson = sql<
  string[]
>`(select coalesce(jsonb_agg(rm.measure_id order by rm.measure_id), '[]'::jsonb)
  from risk_measures rm where rm.risk_id = risks.id)`;

const assetIdsJson = sql<string[]>`(select coalesce(jsonb_agg(ra.asset_id order by ra.asset_id), '[]'::jsonb)
  from risk_assets ra where ra.risk_id = risks.id)`;

/**
 * Every wire column of a risk, computed fields included: the select list of selectRisks and the
 * RETURNING list of a write that changes no links (its subqueries read the links as they are).
 */
export const RISK_COLUMNS = [
  'risks.id',
  'risks.organization_id',
  'risks.name',
  'risks.description',
  'risks.category',
  'risks.owner',
  'risks.status',
  'risks.treatment',
  'risks.inherent_likelihood',
  'risks.inherent_impact',
  'risks.inherent_score',
  'risks.residual_likelihood',
  'risks.residual_impact',
  'risks.residual_score',
  'risks.review_date',
  'risks.note',
  'risks.created_at',
  'risks.updated_at',
  measureIdsJson.as('measure_ids'),
  assetIdsJson.as('asset_ids'),
  mitigationJson.as('mitigation'),
] as const;

/** Selects risks with every wire column, computed fields included. */
export function selectRisks(db: Db) {
  return db.selectFrom('risks').select(RISK_COLUMNS);
}

type RiskRow = SelectedRow<typeof selectRisks>;

/**
 * A risk's wire record as jsonb from a row of RISK_COLUMNS, equal to JSON of toRisk(row): the
 * same keys, timestamps as toISOString gives them.
 */
export const riskJson: RecordJson = (alias) => sql`to_jsonb(${sql.table(alias)}) || jsonb_build_object(
  'created_at', ${isoTimestampSql(alias, 'created_at')}, 'updated_at', ${isoTimestampSql(alias, 'updated_at')})`;

/** A selected row in wire shape. */
export function toRisk(row: RiskRow): Risk {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    description: row.description,
    category: row.category,
    owner: row.owner,
    status: row.status as RiskStatus,
    treatment: row.treatment as RiskTreatment | null,
    inherent_likelihood: row.inherent_likelihood,
    inherent_impact: row.inherent_impact,
    inherent_score: row.inherent_score,
    residual_likelihood: row.residual_likelihood,
    residual_impact: row.residual_impact,
    residual_score: row.residual_score,
    measure_ids: row.measure_ids,
    asset_ids: row.asset_ids,
    mitigation: row.mitigation,
    review_date: row.review_date,
    note: row.note,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}
