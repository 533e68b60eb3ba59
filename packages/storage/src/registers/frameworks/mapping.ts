import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { coveredSql } from './coverage.js';
import type { FrameworkFamily } from './types.js';

/** getFramework lists at most this many families (a hand-made framework may have one per control). */
export const FAMILY_LIMIT = 100;

/** The framework's controls, as a FROM clause alias `c` correlated with the `frameworks` row. */
const ofFramework = sql`framework_controls c
  where c.organization_id = frameworks.organization_id and c.framework_id = frameworks.id`;

/** Number of controls of the `frameworks` row. */
export const controlCountSql = sql<number>`(select count(*)::int from ${ofFramework})`;

/** Controls of the `frameworks` row with at least one IMPLEMENTED measure. */
export const coveredControlCountSql = sql<number>`(select count(*)::int from ${ofFramework}
    and ${coveredSql('c')})`;

/** The first FAMILY_LIMIT families in document order (of their first control), with coverage. */
export const familiesSql = sql<FrameworkFamily[]>`(select coalesce(jsonb_agg(jsonb_build_object(
      'family', f.family, 'control_count', f.control_count,
      'covered_control_count', f.covered_control_count) order by f.first), '[]'::jsonb)
  from (select c.family, min(c.position) as first, count(*)::int as control_count,
      (count(*) filter (where ${coveredSql('c')}))::int as covered_control_count
    from ${ofFramework}
    group by c.family
    order by min(c.position)
    limit ${sql.lit(FAMILY_LIMIT)}) f)`;

/** How many families familiesSql leaves out. */
export const familiesOmittedSql = sql<number>`(select greatest(count(*) - ${sql.lit(FAMILY_LIMIT)}, 0)::int
  from (select 1 from ${ofFramework} group by c.family) f)`;

/** Selects frameworks with their control counts (the compliance report's coverage). */
export function selectFrameworks(db: Db) {
  return db
    .selectFrom('frameworks')
    .select([
      'frameworks.id',
      'frameworks.name',
      controlCountSql.as('control_count'),
      coveredControlCountSql.as('covered_control_count'),
    ]);
}
