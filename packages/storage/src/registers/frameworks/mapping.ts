import { sql } from 'kysely';
import { toIsoTimestamp } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { FrameworkSource } from '../../enums.js';
import type { SelectedRow } from '../kit.js';
import { coveredSql } from './coverage.js';
import type { Framework, FrameworkFamily, FrameworkSummary } from './types.js';

/** getFramework lists at most this many families (a hand-made framework may have one per control). */
export const FAMILY_LIMIT = 100;

const controlCount = sql<number>`(select count(*) from framework_controls c
  where c.organization_id = frameworks.organization_id and c.framework_id = frameworks.id)`;

const coveredCount = sql<number>`(select count(*) from framework_controls c
  where c.organization_id = frameworks.organization_id and c.framework_id = frameworks.id
    and ${coveredSql('c')})`;

// Families in document order (of their first control), with coverage; one more than the limit tells
// whether some were left out.
const familiesJson = sql<{ rows: FrameworkFamily[]; total: number }>`(select jsonb_build_object(
    'rows', coalesce(jsonb_agg(jsonb_build_object('family', f.family, 'control_count', f.control_count,
      'covered_control_count', f.covered_control_count) order by f.first) filter (where f.rank <= ${FAMILY_LIMIT}), '[]'::jsonb),
    'total', count(*))
  from (select c.family, min(c.position) as first, count(*)::int as control_count,
      (count(*) filter (where ${coveredSql('c')}))::int as covered_control_count,
      row_number() over (order by min(c.position)) as rank
    from framework_controls c
    where c.organization_id = frameworks.organization_id and c.framework_id = frameworks.id
    group by c.family) f)`;

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
      'frameworks.source',
      'frameworks.library_key',
      'frameworks.baseline',
      'frameworks.oscal_uuid',
      'frameworks.created_at',
      'frameworks.updated_at',
      controlCount.as('control_count'),
      coveredCount.as('covered_control_count'),
    ]);
}

/** Selects frameworks with counts and families (get shape). */
export function selectFrameworksWithFamilies(db: Db) {
  return selectFrameworks(db).select(familiesJson.as('families'));
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
    source: row.source as FrameworkSource,
    library_key: row.library_key,
    baseline: row.baseline,
    oscal_uuid: row.oscal_uuid,
    control_count: Number(row.control_count),
    covered_control_count: Number(row.covered_control_count),
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}

/** A selected row with families in get shape. */
export function toFramework(
  row: SummaryRow & { families: { rows: FrameworkFamily[]; total: number } },
): Framework {
  const { rows, total } = row.families;
  return {
    ...toFrameworkSummary(row),
    families: rows,
    families_omitted: Math.max(0, Number(total) - rows.length),
  };
}
