import { sql } from 'kysely';
import { toIsoTimestamp } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { SelectedRow } from '../kit.js';
import type { Framework, FrameworkControl, FrameworkSummary } from './types.js';

const controlCount = sql<number>`(select count(*) from framework_controls c where c.framework_id = frameworks.id)`;

// The one definition of coverage: a control with at least one IMPLEMENTED measure.
const coveredCount = sql<number>`(select count(*) from framework_controls c
  where c.framework_id = frameworks.id and exists (
    select 1 from measure_controls mc join measures m on m.id = mc.measure_id
    where mc.framework_id = c.framework_id and mc.control_code = c.code and m.state = 'IMPLEMENTED'))`;

const controlsJson = sql<FrameworkControl[]>`(select coalesce(jsonb_agg(jsonb_build_object(
    'code', c.code, 'title', c.title, 'description', c.description,
    'measure_ids', (select coalesce(jsonb_agg(mc.measure_id order by mc.measure_id), '[]'::jsonb)
      from measure_controls mc where mc.framework_id = c.framework_id and mc.control_code = c.code))
  order by c.id), '[]'::jsonb)
  from framework_controls c where c.framework_id = frameworks.id)`;

/** Selects frameworks with counts (list shape). */
export function selectFrameworks(db: Db) {
  return db
    .selectFrom('frameworks')
    .select([
      'frameworks.id',
      'frameworks.organization_id',
      'frameworks.name',
      'frameworks.version',
      'frameworks.description',
      'frameworks.created_at',
      'frameworks.updated_at',
      controlCount.as('control_count'),
      coveredCount.as('covered_control_count'),
    ]);
}

/** Selects frameworks with counts and controls (get shape). */
export function selectFrameworksWithControls(db: Db) {
  return selectFrameworks(db).select(controlsJson.as('controls'));
}

type SummaryRow = SelectedRow<typeof selectFrameworks>;

/** A selected row in list shape. */
export function toFrameworkSummary(row: SummaryRow): FrameworkSummary {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    version: row.version,
    description: row.description,
    control_count: Number(row.control_count),
    covered_control_count: Number(row.covered_control_count),
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}

/** A selected row with controls in get shape. */
export function toFramework(row: SummaryRow & { controls: FrameworkControl[] }): Framework {
  return { ...toFrameworkSummary(row), controls: row.controls };
}
