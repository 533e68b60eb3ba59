import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import type { MeasureState, NcSeverity } from '../enums.js';
import { StorageError } from '../errors.js';
import { percent } from './aggregate.js';
import type { AuditReadiness, ControlReadiness, ReadinessMeasure } from './types.js';

/** Control codes sort naturally: A.5.2 before A.5.10, Art. 5 before Art. 32. */
const byCode = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true }) || (a < b ? -1 : 1);

interface Scope {
  db: Db;
  organizationId: string;
  frameworkId: string;
}

// Per control: its measures (with evidence counts) and its readiness, aggregated in SQL.
function controlRows(args: Scope) {
  return sql<{ code: string; title: string; status: ControlReadiness; measures: ReadinessMeasure[] }>`
    with linked as (
      select mc.control_code, m.id, m.name, m.state,
        (select count(*) from measure_evidence e where e.measure_id = m.id)::int as evidence_count
      from measure_controls mc join measures m on m.id = mc.measure_id
      where mc.organization_id = ${args.organizationId} and mc.framework_id = ${args.frameworkId})
    select c.code, c.title,
      case
        when count(l.id) = 0 then 'NO_MEASURE'
        when count(*) filter (where l.state = 'IMPLEMENTED') = 0 then 'NOT_IMPLEMENTED'
        when count(*) filter (where l.state = 'IMPLEMENTED' and l.evidence_count = 0) > 0 then 'NO_EVIDENCE'
        else 'READY' end as status,
      coalesce(jsonb_agg(jsonb_build_object(
          'id', l.id, 'name', l.name, 'state', l.state, 'evidence_count', l.evidence_count)
        order by lower(l.name), l.id) filter (where l.id is not null), '[]'::jsonb) as measures
    from framework_controls c left join linked l on l.control_code = c.code
    where c.organization_id = ${args.organizationId} and c.framework_id = ${args.frameworkId}
    group by c.id, c.code, c.title`.execute(args.db);
}

// Each measure linked to the framework once, with its control codes and evidence count.
function measureRows(args: Scope) {
  return args.db
    .selectFrom('measure_controls as mc')
    .innerJoin('measures as m', 'm.id', 'mc.measure_id')
    .select([
      'm.id',
      'm.name',
      'm.state',
      sql<string[]>`array_agg(mc.control_code)`.as('control_codes'),
      sql<number>`(select count(*) from measure_evidence e where e.measure_id = m.id)::int`.as(
        'evidence_count',
      ),
    ])
    .where('mc.organization_id', '=', args.organizationId)
    .where('mc.framework_id', '=', args.frameworkId)
    .groupBy(['m.id', 'm.name', 'm.state'])
    .orderBy(sql`lower(m.name)`)
    .orderBy('m.id')
    .execute();
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

/** getAuditReadiness over one database handle; a framework outside the organization is NOT_FOUND. */
export async function buildAuditReadiness(args: Scope & { generatedAt: string }): Promise<AuditReadiness> {
  const framework = await args.db
    .selectFrom('frameworks')
    .select(['id', 'name', 'version'])
    .where('organization_id', '=', args.organizationId)
    .where('id', '=', args.frameworkId)
    .executeTakeFirst();
  if (!framework) {
    throw new StorageError({
      code: 'NOT_FOUND',
      field: 'framework_id',
      message: `No framework with id ${args.frameworkId}.`,
    });
  }
  const [controls, measures, nonconformities] = await Promise.all([
    controlRows(args),
    measureRows(args),
    openNonconformities(args),
  ]);
  const sorted = [...controls.rows].sort((a, b) => byCode(a.code, b.code));
  const ready = sorted.filter((control) => control.status === 'READY').length;
  const codes = (row: { control_codes: string[] }) => [...row.control_codes].sort(byCode);
  return {
    framework,
    generated_at: args.generatedAt,
    readiness_percent: percent({ part: ready, whole: sorted.length }),
    controls: sorted.map(({ code, title, status, measures: linked }) => ({
      code,
      title,
      status,
      measures: linked,
    })),
    gaps: {
      controls_without_measures: sorted.filter((c) => c.status === 'NO_MEASURE').map((c) => c.code),
      measures_not_implemented: measures
        .filter((m) => m.state !== 'IMPLEMENTED')
        .map((m) => ({ id: m.id, name: m.name, state: m.state as MeasureState, control_codes: codes(m) })),
      implemented_without_evidence: measures
        .filter((m) => m.state === 'IMPLEMENTED' && m.evidence_count === 0)
        .map((m) => ({ id: m.id, name: m.name, control_codes: codes(m) })),
      open_nonconformities: nonconformities.map((n) => ({ ...n, severity: n.severity as NcSeverity })),
    },
  };
}
