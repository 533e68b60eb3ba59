import { sql } from 'kysely';

/**
 * The one definition of coverage, as SQL over a `framework_controls` alias: the control has at
 * least one IMPLEMENTED measure.
 */
export function coveredSql(alias: string) {
  const c = sql.table(alias);
  return sql<boolean>`exists (select 1 from measure_controls mc join measures m on m.id = mc.measure_id
    where mc.organization_id = ${c}.organization_id and mc.framework_id = ${c}.framework_id
      and mc.control_code = ${c}.code and m.state = 'IMPLEMENTED')`;
}

/** The other side of each crosswalk row touching the control, with the relationship seen from it. */
function mappedSql(alias: string) {
  const c = sql.table(alias);
  return sql`(select m.target_framework_id as framework_id, m.target_control_code as control_code,
        m.relationship, m.collection_title
      from framework_mappings m where m.organization_id = ${c}.organization_id
        and m.source_framework_id = ${c}.framework_id and m.source_control_code = ${c}.code
    union all
    select m.source_framework_id, m.source_control_code,
        case m.relationship when 'subset-of' then 'superset-of' when 'superset-of' then 'subset-of'
          else m.relationship end,
        m.collection_title
      from framework_mappings m where m.organization_id = ${c}.organization_id
        and m.target_framework_id = ${c}.framework_id and m.target_control_code = ${c}.code)`;
}

const otherCovered = (c: ReturnType<typeof sql.table>) => sql`exists (select 1 from measure_controls mc
    join measures ms on ms.id = mc.measure_id
    where mc.organization_id = ${c}.organization_id and mc.framework_id = v.framework_id
      and mc.control_code = v.control_code and ms.state = 'IMPLEMENTED')`;

/** The mapped controls that are covered, as a JSON array of ControlViaMapping. */
export function viaMappingJson(alias: string) {
  return sql<unknown>`(select coalesce(jsonb_agg(jsonb_build_object('framework_id', v.framework_id,
      'control_code', v.control_code, 'relationship', v.relationship, 'mapping_title', v.collection_title)
      order by v.framework_id, v.control_code), '[]'::jsonb)
    from ${mappedSql(alias)} v where ${otherCovered(sql.table(alias))})`;
}

/** Whether any mapped control is covered. */
export function viaMappingSql(alias: string) {
  return sql<boolean>`exists (select 1 from ${mappedSql(alias)} v where ${otherCovered(sql.table(alias))})`;
}
