import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import { viaMappingCodesSql } from '../registers/frameworks/coverage.js';
import { validUntilSql } from '../registers/measures/validity.js';
import { controlReadiness, type Readiness, type ReadinessMeasure } from './control-readiness.js';

/** A control's Statement of Applicability row, when it has one. */
export interface SoaRow {
  applicable: boolean;
  justification: string | null;
  owner: string | null;
  reviewed_at: Date;
}

interface Scope {
  db: Db;
  organizationId: string;
  frameworkId: string;
  /** `YYYY-MM-DD` (UTC): evidence valid until a day before it has expired. */
  today: string;
  /** Only these controls (a page of listFrameworkControls); every control when absent. */
  codes?: readonly string[];
}

/** A control in document order with its readiness and whether a mapped control covers it. */
export interface ControlRow extends Readiness {
  code: string;
  title: string;
  family: string | null;
  via_mapping: boolean;
  /** Its decision in the Statement of Applicability; null while undecided. */
  soa: SoaRow | null;
}

/** A measure linked to the framework, with its control codes in document order. */
export interface MeasureRow extends ReadinessMeasure {
  control_codes: string[];
}

/**
 * The framework's controls (document order) with their readiness (control-readiness.ts), and the
 * measures linked to it (by name). Range scans of the framework's controls and links (grouped by
 * measure, joined to the measures by key) and one probe per crosswalk row, combined here: with no
 * statistics (PGlite has no autovacuum) joins of the links with the controls were planned as
 * nested loops over both, seconds per call at 424 controls and 500 measures.
 */
export async function readinessRows(
  args: Scope,
): Promise<{ controls: ControlRow[]; measures: MeasureRow[] }> {
  const { db, organizationId, frameworkId, today, codes } = args;
  if (codes && codes.length === 0) return { controls: [], measures: [] };
  let controlQuery = db
    .selectFrom('framework_controls')
    .select(['code', 'title', 'family'])
    .where('organization_id', '=', organizationId)
    .where('framework_id', '=', frameworkId);
  if (codes) controlQuery = controlQuery.where('code', 'in', [...codes]);
  const onlyCodes = codes ? sql`and mc.control_code = any(${[...codes]}::text[])` : sql``;
  let soaQuery = db
    .selectFrom('soa_controls')
    .select(['control_code', 'applicable', 'justification', 'owner', 'reviewed_at'])
    .where('organization_id', '=', organizationId)
    .where('framework_id', '=', frameworkId);
  if (codes) soaQuery = soaQuery.where('control_code', 'in', [...codes]);
  const [controls, links, viaMapping, decisions] = await Promise.all([
    controlQuery.orderBy('position').orderBy('id').execute(),
    // The linked measures by name, each with what readiness needs and the codes it is linked to.
    sql<Omit<ReadinessMeasure, 'justification'> & { justification: string | null; codes: string[] }>`
      select m.id, m.name, m.state, m.applicability_justification as justification,
        (select case when count(*) = 0 then 'NONE'
            when bool_or(${validUntilSql('e')} >= ${today}::date) then 'CURRENT' else 'EXPIRED' end
          from evidence_measures em join evidence e on e.id = em.evidence_id
          where em.measure_id = m.id) as evidence,
        exists (select 1 from nonconformities n
          where n.organization_id = ${organizationId} and n.measure_id = m.id
            and n.status <> 'CLOSED' and n.archived_at is null and n.severity in ('MAJOR', 'MINOR')) as open_nonconformity,
        l.codes
      from (select mc.measure_id, array_agg(mc.control_code) as codes from measure_controls mc
          where mc.organization_id = ${organizationId} and mc.framework_id = ${frameworkId} ${onlyCodes}
          group by mc.measure_id) l
        join measures m on m.id = l.measure_id
      where m.organization_id = ${organizationId} and m.archived_at is null
      order by lower(m.name), m.id`.execute(db),
    viaMappingCodesSql({ organizationId, frameworkId }).execute(db),
    soaQuery.execute(),
  ]);
  const soaByCode = new Map(decisions.map(({ control_code, ...row }) => [control_code, row]));
  const measures: MeasureRow[] = [];
  const byCode = new Map<string, MeasureRow[]>();
  for (const { codes: linkedCodes, ...linked } of links.rows) {
    const measure: MeasureRow = { ...linked, control_codes: [] };
    measures.push(measure);
    for (const code of linkedCodes) {
      const list = byCode.get(code);
      if (list) list.push(measure);
      else byCode.set(code, [measure]);
    }
  }
  const covered = new Set(viaMapping.rows.map((row) => row.code));
  const rows = controls.map((control) => {
    const linked = byCode.get(control.code) ?? [];
    for (const measure of linked) measure.control_codes.push(control.code);
    const soa = soaByCode.get(control.code) ?? null;
    const readiness = controlReadiness(linked, soa ?? undefined);
    const implemented = linked.some((m) => m.state === 'IMPLEMENTED');
    return {
      ...control,
      ...readiness,
      via_mapping: !implemented && readiness.state === 'GAP' && covered.has(control.code),
      soa,
    };
  });
  return { controls: rows, measures };
}
