import { type RawBuilder, sql } from 'kysely';

type Ref = RawBuilder<unknown>;

/**
 * Whether the control (organization, framework, code) has at least one IMPLEMENTED measure (not
 * archived), as a
 * scalar subquery. Not `exists (…)`: PostgreSQL turns an EXISTS in a WHERE clause into a semi-join
 * planned from statistics, and PGlite has none (no autovacuum), so the join was re-run for every
 * control (seconds on a 424-control framework). A scalar subquery always stays a per-row probe of
 * measure_controls' (organization_id, framework_id, control_code) index and the measures key.
 */
function implementedSql(args: { organizationId: Ref; frameworkId: Ref; code: Ref }) {
  return sql<boolean>`coalesce((select bool_or(m.state = 'IMPLEMENTED' and m.archived_at is null)
      from measure_controls mc join measures m on m.id = mc.measure_id
      where mc.organization_id = ${args.organizationId} and mc.framework_id = ${args.frameworkId}
        and mc.control_code = ${args.code}), false)`;
}

/**
 * The one definition of coverage, as SQL over a `framework_controls` alias: the control has at
 * least one IMPLEMENTED measure.
 */
export function coveredSql(alias: string) {
  const c = sql.table(alias);
  return implementedSql({
    organizationId: sql`${c}.organization_id`,
    frameworkId: sql`${c}.framework_id`,
    code: sql`${c}.code`,
  });
}

/**
 * The other side of each crosswalk row touching the control, with the relationship seen from it.
 * Matched by framework id and code only: the control's framework is its organization's, and a
 * crosswalk row's controls belong to the row's organization (foreign keys), so the organization adds
 * nothing but a choice of indexes the planner cannot make without statistics (migration 012).
 */
function mappedSql(alias: string) {
  const c = sql.table(alias);
  return sql`(select m.target_framework_id as framework_id, m.target_control_code as control_code,
        m.relationship, m.collection_title
      from framework_mappings m
      where m.source_framework_id = ${c}.framework_id and m.source_control_code = ${c}.code
    union all
    select m.source_framework_id, m.source_control_code,
        case m.relationship when 'subset-of' then 'superset-of' when 'superset-of' then 'subset-of'
          else m.relationship end,
        m.collection_title
      from framework_mappings m
      where m.target_framework_id = ${c}.framework_id and m.target_control_code = ${c}.code)`;
}

const otherCovered = (alias: string) =>
  implementedSql({
    organizationId: sql`${sql.table(alias)}.organization_id`,
    frameworkId: sql`v.framework_id`,
    code: sql`v.control_code`,
  });

/** The mapped controls that are covered, as a JSON array of ControlViaMapping. */
export function viaMappingJson(alias: string) {
  return sql<unknown>`(select coalesce(jsonb_agg(jsonb_build_object('framework_id', v.framework_id,
      'control_code', v.control_code, 'relationship', v.relationship, 'mapping_title', v.collection_title)
      order by v.framework_id, v.control_code), '[]'::jsonb)
    from ${mappedSql(alias)} v where ${otherCovered(alias)})`;
}

/** The codes of a framework's controls with a covered mapped control (one probe per crosswalk row). */
export function viaMappingCodesSql(args: { organizationId: string; frameworkId: string }) {
  return sql<{ code: string }>`select distinct v.code from (
      select m.source_control_code as code, m.target_framework_id as framework_id,
          m.target_control_code as control_code
        from framework_mappings m where m.source_framework_id = ${args.frameworkId}
      union all
      select m.target_control_code, m.source_framework_id, m.source_control_code
        from framework_mappings m where m.target_framework_id = ${args.frameworkId}) v
    where ${implementedSql({ organizationId: sql`${args.organizationId}`, frameworkId: sql`v.framework_id`, code: sql`v.control_code` })}`;
}
