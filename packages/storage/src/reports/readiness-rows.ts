import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import type { MeasureState } from '../enums.js';
import { viaMappingCodesSql } from '../registers/frameworks/coverage.js';
import type { ControlReadiness } from './types.js';

interface Scope {
  db: Db;
  organizationId: string;
  frameworkId: string;
}

interface LinkedMeasure {
  id: string;
  name: string;
  state: MeasureState;
  has_evidence: boolean;
}

/** A control in document order with its readiness and whether a mapped control covers it. */
export interface ControlRow {
  code: string;
  title: string;
  family: string | null;
  status: ControlReadiness;
  via_mapping: boolean;
}

/** A measure linked to the framework, with its control codes in document order. */
export interface MeasureRow extends LinkedMeasure {
  control_codes: string[];
}

function status(linked: readonly LinkedMeasure[]): ControlReadiness {
  const implemented = linked.filter((m) => m.state === 'IMPLEMENTED');
  if (linked.length === 0) return 'NO_MEASURE';
  if (implemented.length === 0) return 'NOT_IMPLEMENTED';
  return implemented.some((m) => !m.has_evidence) ? 'NO_EVIDENCE' : 'READY';
}

/**
 * The framework's controls (document order) with their readiness, and the measures linked to it (by
 * name). Range scans of the framework's controls and links (grouped by measure, joined to the
 * measures by key) and one probe per crosswalk row, combined here: with no statistics (PGlite has
 * no autovacuum) joins of the links with the controls were planned as nested loops over both,
 * seconds per call at 424 controls and 500 measures.
 */
export async function readinessRows(
  args: Scope,
): Promise<{ controls: ControlRow[]; measures: MeasureRow[] }> {
  const { db, organizationId, frameworkId } = args;
  const [controls, links, viaMapping] = await Promise.all([
    db
      .selectFrom('framework_controls')
      .select(['code', 'title', 'family'])
      .where('organization_id', '=', organizationId)
      .where('framework_id', '=', frameworkId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    // The linked measures by name, each with the codes it is linked to (document order comes below).
    sql<LinkedMeasure & { codes: string[] }>`select m.id, m.name, m.state,
        exists (select 1 from measure_evidence e where e.measure_id = m.id) as has_evidence, l.codes
      from (select mc.measure_id, array_agg(mc.control_code) as codes from measure_controls mc
          where mc.organization_id = ${organizationId} and mc.framework_id = ${frameworkId}
          group by mc.measure_id) l
        join measures m on m.id = l.measure_id
      where m.organization_id = ${organizationId}
      order by lower(m.name), m.id`.execute(db),
    viaMappingCodesSql({ organizationId, frameworkId }).execute(db),
  ]);
  const measures: MeasureRow[] = [];
  const byCode = new Map<string, MeasureRow[]>();
  for (const { codes, ...linked } of links.rows) {
    const measure: MeasureRow = { ...linked, control_codes: [] };
    measures.push(measure);
    for (const code of codes) {
      const list = byCode.get(code);
      if (list) list.push(measure);
      else byCode.set(code, [measure]);
    }
  }
  const covered = new Set(viaMapping.rows.map((row) => row.code));
  const rows = controls.map((control) => {
    const linked = byCode.get(control.code) ?? [];
    for (const measure of linked) measure.control_codes.push(control.code);
    const readiness = status(linked);
    return {
      ...control,
      status: readiness,
      via_mapping:
        (readiness === 'NO_MEASURE' || readiness === 'NOT_IMPLEMENTED') && covered.has(control.code),
    };
  });
  return { controls: rows, measures };
}
