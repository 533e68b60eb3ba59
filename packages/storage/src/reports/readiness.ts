import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import type { NcSeverity } from '../enums.js';
import { frameworkNotFound } from '../registers/frameworks/control-list.js';
import { capped, percent } from './aggregate.js';
import { familyReadiness } from './readiness-families.js';
import { readinessRows } from './readiness-rows.js';
import type { AuditReadiness, ControlReadiness } from './types.js';

/** A gap measure lists at most this many of its control codes (control_count has them all). */
const CODES_PER_MEASURE = 10;
/** Families listed at most (a hand-made framework may have one per control). */
const FAMILY_CAP = 50;

interface Scope {
  db: Db;
  organizationId: string;
  frameworkId: string;
}

function openNonconformities(args: Scope) {
  return args.db
    .selectFrom('nonconformities as n')
    .innerJoin('audits as a', 'a.id', 'n.audit_id')
    .select(['n.id', 'n.reference', 'n.title', 'n.severity', 'n.audit_id'])
    .where('n.organization_id', '=', args.organizationId)
    .where('a.organization_id', '=', args.organizationId)
    .where('a.framework_id', '=', args.frameworkId)
    .where('n.status', '<>', 'CLOSED')
    .orderBy(sql`case n.severity when 'MAJOR' then 0 when 'MINOR' then 1 else 2 end`)
    .orderBy('n.date_identified')
    .orderBy('n.id')
    .execute();
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
  const count = (status: ControlReadiness) => controls.filter((c) => c.status === status).length;
  const withoutMeasures = controls.filter((c) => c.status === 'NO_MEASURE');
  return {
    framework,
    generated_at: args.generatedAt,
    readiness_percent: percent({ part: count('READY'), whole: controls.length }),
    control_count: controls.length,
    status_counts: {
      READY: count('READY'),
      NO_EVIDENCE: count('NO_EVIDENCE'),
      NOT_IMPLEMENTED: count('NOT_IMPLEMENTED'),
      NO_MEASURE: count('NO_MEASURE'),
    },
    covered_via_mapping_count: controls.filter((c) => c.via_mapping).length,
    families: familyReadiness({ controls, topN: FAMILY_CAP }),
    gaps: {
      controls_without_measures: firstN(
        withoutMeasures.map((c) => ({
          code: c.code,
          title: c.title,
          family: c.family,
          covered_via_mapping: c.via_mapping,
        })),
        args.topN,
      ),
      measures_not_implemented: firstN(
        measures.filter((m) => m.state !== 'IMPLEMENTED').map((m) => ({ ...gapMeasure(m), state: m.state })),
        args.topN,
      ),
      implemented_without_evidence: firstN(
        measures.filter((m) => m.state === 'IMPLEMENTED' && !m.has_evidence).map(gapMeasure),
        args.topN,
      ),
      open_nonconformities: firstN(
        nonconformities.map((n) => ({ ...n, severity: n.severity as NcSeverity })),
        args.topN,
      ),
    },
  };
}
