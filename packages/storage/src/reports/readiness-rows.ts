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
 * name). Range scans of the framework's controls and links (with their measures by key) and one
 * probe per crosswalk row, combined here: with no statistics (PGlite has no autovacuum) joins of
 * the links with the controls were planned as nested loops over both, seconds per call at 424
 * controls and 500 measures.
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
    // Each link with its measure (by key), the measures by name.
    sql<LinkedMeasure & { control_code: string }>`select mc.control_code, m.id, m.name, m.state,
        exists (select 1 from measure_evidence e where e.measure_id = m.id) as has_evidence
      from measure_controls mc join measures m on m.id = mc.measure_id
      where mc.organization_id = ${organizationId} and mc.framework_id = ${frameworkId}
      order by lower(m.name), m.id`.execute(db),
    viaMappingCodesSql({ organizationId, frameworkId }).execute(db),
  ]);
  const byId = new Map<string, MeasureRow>();
  const byCode = new Map<string, LinkedMeasure[]>();
  for (const { control_code, ...link } of links.rows) {
    const measure = byId.get(link.id) ?? { ...link, control_codes: [] };
    byId.set(link.id, measure);
    const linked = byCode.get(control_code);
    if (linked) linked.push(measure);
    else byCode.set(control_code, [measure]);
  }
  const covered = new Set(viaMapping.rows.map((row) => row.code));
  const rows = controls.map((control) => {
    const linked = byCode.get(control.code) ?? [];
    for (const measure of linked) byId.get(measure.id)?.control_codes.push(control.code);
    const readiness = status(linked);
    return {
      ...control,
      status: readiness,
      via_mapping:
        (readiness === 'NO_MEASURE' || readiness === 'NOT_IMPLEMENTED') && covered.has(control.code),
    };
  });
  return { controls: rows, measures: [...byId.values()] };
}
