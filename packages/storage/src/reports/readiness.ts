import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import type { NcSeverity } from '../enums.js';
import { frameworkNotFound } from '../registers/frameworks/control-list.js';
import { ncOverdueSql } from '../registers/nonconformities.js';
import { capped, percent } from './aggregate.js';
import {
  GAP_REASONS,
  type GapReason,
  isJustifiedExclusion,
  type ReadinessState,
} from './control-readiness.js';
import { familyReadiness } from './readiness-families.js';
import { type MeasureRow, readinessRows } from './readiness-rows.js';
import type { AuditReadiness } from './types.js';

/** A gap measure lists at most this many of its control codes (control_count has them all). */
const CODES_PER_MEASURE = 10;
/** Families listed at most (a hand-made framework may have one per control). */
const FAMILY_CAP = 50;

interface Scope {
  db: Db;
  organizationId: string;
  frameworkId: string;
  /** `YYYY-MM-DD` (UTC) at which evidence expiry and overdue are judged. */
  today: string;
}

/** Open nonconformities on a measure linked to the framework or raised by one of its audits. */
function openNonconformities(args: Scope) {
  const org = args.organizationId;
  return sql<{
    id: string;
    reference: string;
    title: string;
    severity: NcSeverity;
    audit_id: string | null;
    measure_id: string | null;
    overdue: boolean;
  }>`select nonconformities.id, nonconformities.reference, nonconformities.title,
      nonconformities.severity, nonconformities.audit_id, nonconformities.measure_id,
      ${ncOverdueSql(args.today)} as overdue
    from nonconformities
    where nonconformities.organization_id = ${org} and nonconformities.status <> 'CLOSED'
      and nonconformities.archived_at is null
      and (nonconformities.measure_id in (select mc.measure_id from measure_controls mc
            where mc.organization_id = ${org} and mc.framework_id = ${args.frameworkId})
        or nonconformities.audit_id in (select a.id from audits a
            where a.organization_id = ${org} and a.framework_id = ${args.frameworkId}))
    order by case nonconformities.severity when 'MAJOR' then 0 when 'MINOR' then 1 else 2 end,
      nonconformities.date_identified, nonconformities.id`
    .execute(args.db)
    .then((result) => result.rows);
}

const firstN = <T>(items: T[], topN: number) => capped({ count: items.length, items: items.slice(0, topN) });

const gapMeasure = (m: { id: string; name: string; control_codes: string[] }) => ({
  id: m.id,
  name: m.name,
  control_count: m.control_codes.length,
  control_codes: m.control_codes.slice(0, CODES_PER_MEASURE),
});

/**
 * getAuditReadiness over one database handle: counts per status and family, then the first
 * `topN` of each gap in document order with how many were left out — bounded for any framework
 * size; the control-by-control detail is listControls'. A framework outside the organization is
 * NOT_FOUND.
 */
export async function buildAuditReadiness(
  args: Scope & { generatedAt: string; topN: number },
): Promise<AuditReadiness> {
  const framework = await args.db
    .selectFrom('frameworks')
    .select(['id', 'name', 'version'])
    .where('organization_id', '=', args.organizationId)
    .where('id', '=', args.frameworkId)
    .executeTakeFirst();
  if (!framework) throw frameworkNotFound(args.frameworkId);
  const [{ controls, measures }, nonconformities] = await Promise.all([
    readinessRows(args),
    openNonconformities(args),
  ]);
  const inState = (state: ReadinessState) => controls.filter((c) => c.state === state);
  const withReason = (reason: GapReason) => controls.filter((c) => c.gap_reasons.includes(reason)).length;
  const ready = inState('READY').length;
  const excluded = inState('EXCLUDED');
  const current = (m: MeasureRow) => m.state === 'IMPLEMENTED' && m.evidence;
  return {
    framework,
    generated_at: args.generatedAt,
    readiness_percent: percent({ part: ready, whole: controls.length - excluded.length }),
    control_count: controls.length,
    state_counts: { READY: ready, GAP: inState('GAP').length, EXCLUDED: excluded.length },
    gap_reason_counts: Object.fromEntries(GAP_REASONS.map((r) => [r, withReason(r)])) as Record<
      GapReason,
      number
    >,
    covered_via_mapping_count: controls.filter((c) => c.via_mapping).length,
    families: familyReadiness({ controls, topN: FAMILY_CAP }),
    gaps: {
      not_ready_controls: firstN(
        inState('GAP').map((c) => ({
          code: c.code,
          title: c.title,
          family: c.family,
          gap_reasons: c.gap_reasons,
        })),
        args.topN,
      ),
      excluded_controls: firstN(
        excluded.map((c) => ({
          code: c.code,
          title: c.title,
          family: c.family,
          exclusions: c.exclusions,
          soa_justification: c.soa_justification ?? null,
        })),
        args.topN,
      ),
      controls_without_measures: firstN(
        controls
          .filter((c) => c.gap_reasons.includes('NO_MEASURE'))
          .map((c) => ({
            code: c.code,
            title: c.title,
            family: c.family,
            covered_via_mapping: c.via_mapping,
          })),
        args.topN,
      ),
      measures_not_implemented: firstN(
        measures
          .filter((m) => m.state !== 'IMPLEMENTED' && !isJustifiedExclusion(m))
          .map((m) => ({ ...gapMeasure(m), state: m.state })),
        args.topN,
      ),
      implemented_without_evidence: firstN(
        measures.filter((m) => current(m) === 'NONE').map(gapMeasure),
        args.topN,
      ),
      evidence_expired: firstN(measures.filter((m) => current(m) === 'EXPIRED').map(gapMeasure), args.topN),
      open_nonconformities: firstN(nonconformities, args.topN),
    },
  };
}
