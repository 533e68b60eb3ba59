import { sql } from 'kysely';
import { toIsoTimestamp } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { MeasureState } from '../../enums.js';
import type { SelectedRow } from '../kit.js';
import type { ControlRef, Evidence, Measure } from './types.js';
import { validUntilSql, validUntilTextSql } from './validity.js';

/** The evidence with its validity (validity.ts), expired when valid_until is before `today`. */
const evidenceJson = (today: string) => sql<Evidence[]>`(select coalesce(jsonb_agg(jsonb_build_object(
    'id', e.id, 'title', e.title, 'url', e.url, 'collected_at', e.collected_at,
    'valid_until', ${validUntilTextSql('e')}, 'expired', ${validUntilSql('e')} < ${today}::date)
    order by e.id), '[]'::jsonb)
  from measure_evidence e where e.measure_id = measures.id)`;

const controlsJson = sql<ControlRef[]>`(select coalesce(jsonb_agg(jsonb_build_object(
    'framework_id', mc.framework_id, 'control_code', mc.control_code) order by mc.framework_id, mc.control_code), '[]'::jsonb)
  from measure_controls mc where mc.measure_id = measures.id)`;

const riskIdsJson = sql<string[]>`(select coalesce(jsonb_agg(rm.risk_id order by rm.risk_id), '[]'::jsonb)
  from risk_measures rm where rm.measure_id = measures.id)`;

/** Selects measures with evidence (expiry at `today`), controls and risk ids. */
export function selectMeasures({ db, today }: { db: Db; today: string }) {
  return db
    .selectFrom('measures')
    .select([
      'measures.id',
      'measures.organization_id',
      'measures.name',
      'measures.description',
      'measures.category',
      'measures.owner',
      'measures.state',
      'measures.applicability_justification',
      'measures.created_at',
      'measures.updated_at',
      evidenceJson(today).as('evidence'),
      controlsJson.as('controls'),
      riskIdsJson.as('risk_ids'),
    ]);
}

type MeasureRow = SelectedRow<typeof selectMeasures>;

/** A selected row in wire shape. */
export function toMeasure(row: MeasureRow): Measure {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    description: row.description,
    category: row.category,
    owner: row.owner,
    state: row.state as MeasureState,
    applicability_justification: row.applicability_justification,
    // jsonb renders timestamps with an offset; the wire wants `…Z` with milliseconds.
    evidence: row.evidence.map((e) => ({ ...e, collected_at: toIsoTimestamp(e.collected_at) })),
    controls: row.controls,
    risk_ids: row.risk_ids,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}
