import type { ControlRef, Evidence } from '@comply/schemas';
import { type SqlBool, sql } from 'kysely';
import { isoTimestampSql } from '../audit/audited-statement.js';
import { invalidInput } from '../errors.js';
import { BY_TIMESTAMPS, defineRegister, inList, lowerEquals, search } from './define.js';
import { appendEvidence, checkControls, replaceControls } from './measures/links.js';
import { validUntilSql, validUntilTextSql } from './measures/validity.js';
import { checkRefs, replaceRiskMeasures } from './refs.js';

/** The evidence with its validity (measures/validity.ts), expired when valid_until is before `today`. */
const evidenceJson = (today: string) => sql<Evidence[]>`(select coalesce(jsonb_agg(jsonb_build_object(
    'id', e.id, 'title', e.title, 'url', e.url, 'collected_at', ${isoTimestampSql('e', 'collected_at')},
    'valid_until', ${validUntilTextSql('e')}, 'expired', ${validUntilSql('e')} < ${today}::date)
    order by e.id), '[]'::jsonb)
  from evidence_measures em join evidence e on e.id = em.evidence_id where em.measure_id = measures.id)`;

const controlsJson = sql<ControlRef[]>`(select coalesce(jsonb_agg(jsonb_build_object(
    'framework_id', mc.framework_id, 'control_code', mc.control_code) order by mc.framework_id, mc.control_code), '[]'::jsonb)
  from measure_controls mc where mc.measure_id = measures.id)`;

const riskIdsJson = sql<string[]>`(select coalesce(jsonb_agg(rm.risk_id order by rm.risk_id), '[]'::jsonb)
  from risk_measures rm where rm.measure_id = measures.id)`;

/** `exists (select … where <alias>.measure_id = measures.id …)` over a table linked to measures. */
const linked = (from: string, where = sql``) =>
  sql<SqlBool>`exists (select 1 from ${sql.raw(from)} where l.measure_id = measures.id ${where})`;

/** The measures register with evidence, framework controls and mitigated risks. */
export const measuresRepository = defineRegister({
  register: 'measures',
  computed: {
    evidence: ({ today }) => evidenceJson(today),
    controls: () => controlsJson,
    risk_ids: () => riskIdsJson,
  },
  filters: {
    state: inList('state'),
    category: lowerEquals('category'),
    owner: lowerEquals('owner'),
    query: search('name', 'description'),
    framework_id: (frameworkId, { filters: { control_code: code } }) =>
      linked(
        'measure_controls l',
        sql`and l.framework_id = ${frameworkId}${code === undefined ? sql`` : sql` and l.control_code = ${code}`}`,
      ),
    // Part of framework_id's filter: control codes are unique per framework.
    control_code: () => undefined,
    risk_id: (riskId) => linked('risk_measures l', sql`and l.risk_id = ${riskId}`),
    has_evidence: (has) =>
      has ? linked('evidence_measures l') : sql<SqlBool>`not ${linked('evidence_measures l')}`,
  },
  checkFilters: (filters) => {
    if (filters.control_code !== undefined && filters.framework_id === undefined) {
      throw invalidInput(
        'control_code',
        '`control_code` needs `framework_id`: control codes are unique per framework.',
      );
    }
  },
  order: {
    keys: { name: 'lower', state: 'column', ...BY_TIMESTAMPS },
  },
  defaults: { state: 'NOT_STARTED' },
  needsTransaction: (input) =>
    input.controls !== undefined ||
    input.risk_ids !== undefined ||
    !!input.evidence?.length ||
    !!input.add_evidence?.length,
  insertValues: async ({ trx, organizationId, data }) => {
    await checkControls({ trx, organizationId, controls: data.controls ?? [] });
    await checkRefs({ trx, table: 'risks', organizationId, ids: data.risk_ids ?? [], field: 'risk_ids' });
    return {};
  },
  afterInsert: async ({ trx, organizationId, id, now, data }) => {
    const evidence = data.evidence ?? [];
    await appendEvidence({ trx, organizationId, measureId: id, evidence, now, field: 'evidence' });
    await replaceControls({ trx, organizationId, measureId: id, controls: data.controls ?? [] });
    const side = { measureId: id, riskIds: data.risk_ids ?? [] };
    await replaceRiskMeasures({ trx, organizationId, side, fresh: true });
  },
  beforeUpdate: async ({ trx, organizationId, patch: { controls, risk_ids: riskIds } }) => {
    if (controls) await checkControls({ trx, organizationId, controls });
    if (riskIds) await checkRefs({ trx, table: 'risks', organizationId, ids: riskIds, field: 'risk_ids' });
  },
  afterUpdate: async ({ trx, organizationId, id, now, patch }) => {
    const { add_evidence: evidence, controls, risk_ids: riskIds } = patch;
    if (evidence)
      await appendEvidence({ trx, organizationId, measureId: id, evidence, now, field: 'add_evidence' });
    if (controls) await replaceControls({ trx, organizationId, measureId: id, controls });
    if (riskIds) await replaceRiskMeasures({ trx, organizationId, side: { measureId: id, riskIds } });
  },
});
