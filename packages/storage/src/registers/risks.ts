import type { Risk } from '@comply/schemas';
import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { isoTimestampSql } from '../audit/audited-statement.js';
import type { Database } from '../db/types.js';
import type { MitigationStatus } from '../enums.js';
import {
  type At,
  BY_TIMESTAMPS,
  compare,
  defineRegister,
  type Filter,
  inList,
  lowerEquals,
  search,
} from './define.js';
import { checkRefs, replaceLinks, replaceRiskMeasures } from './refs.js';
import { checkAcceptedOnlyByAcceptance } from './risks/acceptance-rule.js';
import { countRisksFromTotals } from './risks/count.js';
import { checkRiskInvariants, RISK_RULE_KEYS, type RiskRule } from './risks/invariants.js';

const IMPLEMENTED = sql`m.state = 'IMPLEMENTED'`;
const NOT_DONE = sql`m.state not in ('IMPLEMENTED', 'NOT_APPLICABLE')`;

// The one definition of a risk's mitigation status, over its linked measures (rm, m): no measure
// linked, measures linked but none IMPLEMENTED (PLANNED: not mitigated yet), some, or all done.
const STATUS = sql`case
  when count(*) = 0 then 'UNMITIGATED'
  when count(*) filter (where ${IMPLEMENTED}) = 0 then 'PLANNED'
  when count(*) filter (where ${NOT_DONE}) = 0 then 'MITIGATED'
  else 'PARTIALLY_MITIGATED' end`;

// Archived measures mitigate nothing: the link stays (measure_ids), the status leaves them out.
const LINKED = sql`from risk_measures rm join measures m on m.id = rm.measure_id
  where rm.risk_id = risks.id and m.archived_at is null`;

/** The mitigation status of `risks` row as a SQL expression (filters use it too). */
export const mitigationStatusSql: RawBuilder<MitigationStatus> = sql<MitigationStatus>`(select ${STATUS} ${LINKED})`;

const mitigationJson = sql<Risk['mitigation']>`(select jsonb_build_object(
  'status', ${STATUS},
  'measures_total', count(*),
  'measures_implemented', count(*) filter (where ${IMPLEMENTED})) ${LINKED})`;

const measureIdsJson = sql<
  string[]
>`(select coalesce(jsonb_agg(rm.measure_id order by rm.measure_id), '[]'::jsonb)
  from risk_measures rm where rm.risk_id = risks.id)`;

const assetIdsJson = sql<string[]>`(select coalesce(jsonb_agg(ra.asset_id order by ra.asset_id), '[]'::jsonb)
  from risk_assets ra where ra.risk_id = risks.id)`;

/**
 * A risk's acceptances, newest first, each with its state on `today`: the newest is current
 * (ACTIVE, or EXPIRED after its last day) while the risk is ACCEPTED, else ENDED; older ones are
 * SUPERSEDED.
 */
export const acceptancesSql = ({ today }: At) => sql<Risk['acceptances']>`(select coalesce(jsonb_agg(
    jsonb_build_object(
      'id', a.id, 'accepted_by', a.accepted_by, 'accepted_role', a.accepted_role,
      'accepted_at', ${isoTimestampSql('a', 'accepted_at')}, 'rationale', a.rationale,
      'conditions', a.conditions, 'expires_on', to_char(a.expires_on, 'YYYY-MM-DD'),
      'state', case
        when a.rn > 1 then 'SUPERSEDED'
        when risks.status <> 'ACCEPTED' then 'ENDED'
        when a.expires_on < ${today}::date then 'EXPIRED'
        else 'ACTIVE' end)
    order by a.rn), '[]'::jsonb)
  from (select ra.*, row_number() over (order by ra.accepted_at desc, ra.id desc) as rn
    from risk_acceptances ra
    where ra.organization_id = risks.organization_id and ra.risk_id = risks.id) a)`;

/** Risks linked to a measure (any, or the one given) or to an asset. */
const linkedTo = (table: 'risk_measures' | 'risk_assets', where = sql``) =>
  sql<SqlBool>`exists (select 1 from ${sql.table(table)} l where l.risk_id = risks.id ${where})`;

const score = (column: string, op: '>=' | '<='): Filter<number> => compare(column, op) as Filter<number>;

function replaceRiskAssets(args: {
  trx: Transaction<Database>;
  organizationId: string;
  riskId: string;
  assetIds: readonly string[];
  fresh?: boolean;
}): Promise<void> {
  const { trx, organizationId, fresh } = args;
  const from = { column: 'risk_id', id: args.riskId };
  return replaceLinks({
    trx,
    organizationId,
    table: 'risk_assets',
    from,
    to: { column: 'asset_id', ids: args.assetIds },
    fresh,
  });
}

/**
 * The risks register. Every call is scoped to one organization. A create's residual scores
 * default to the inherent ones; status ACCEPTED and treatment ACCEPT come only from an acceptance
 * (risks/acceptance-rule.ts); writes are checked against the invariants (risks/invariants.ts).
 */
export const risksRepository = defineRegister({
  register: 'risks',
  computed: {
    measure_ids: () => measureIdsJson,
    asset_ids: () => assetIdsJson,
    mitigation: () => mitigationJson,
    acceptances: acceptancesSql,
  },
  filters: {
    status: inList('status'),
    treatment: inList('treatment'),
    mitigation_status: (values) =>
      values.length ? sql<SqlBool>`${mitigationStatusSql} in (${sql.join(values)})` : undefined,
    category: lowerEquals('category'),
    owner: lowerEquals('owner'),
    query: search('name', 'description'),
    min_residual_score: score('residual_score', '>='),
    max_residual_score: score('residual_score', '<='),
    min_inherent_score: score('inherent_score', '>='),
    max_inherent_score: score('inherent_score', '<='),
    has_mitigation: (has) =>
      has ? linkedTo('risk_measures') : sql<SqlBool>`not ${linkedTo('risk_measures')}`,
    measure_id: (id) => linkedTo('risk_measures', sql`and l.measure_id = ${id}`),
    asset_id: (id) => linkedTo('risk_assets', sql`and l.asset_id = ${id}`),
    review_before: compare('review_date', '<'),
  },
  order: {
    keys: {
      residual_score: 'column',
      inherent_score: 'column',
      name: 'lower',
      ...BY_TIMESTAMPS,
      review_date: 'nullable',
    },
  },
  defaults: { status: 'OPEN' },
  count: ({ ctx, organizationId, filters }) => countRisksFromTotals({ db: ctx.db, organizationId, filters }),
  values: ({ data, values }) => {
    checkAcceptedOnlyByAcceptance({ before: null, columns: values });
    const row = {
      ...values,
      treatment: data.treatment ?? null,
      residual_likelihood: data.residual_likelihood ?? data.inherent_likelihood,
      residual_impact: data.residual_impact ?? data.inherent_impact,
    };
    checkRiskInvariants({ risk: row as unknown as RiskRule, changed: new Set(Object.keys(data)) });
    return row;
  },
  // Links are checked and written in a transaction; a patch an invariant reads needs the record
  // as it was. Any other write is one INSERT/UPDATE … RETURNING statement.
  needsTransaction: (input, write) =>
    write === 'create'
      ? !!input.measure_ids?.length || !!input.asset_ids?.length
      : input.measure_ids !== undefined ||
        input.asset_ids !== undefined ||
        RISK_RULE_KEYS.some((key) => input[key] !== undefined),
  insertValues: async ({ trx, organizationId, data }) => {
    await checkRefs({
      trx,
      table: 'measures',
      organizationId,
      ids: data.measure_ids ?? [],
      field: 'measure_ids',
    });
    await checkRefs({ trx, table: 'assets', organizationId, ids: data.asset_ids ?? [], field: 'asset_ids' });
    return {};
  },
  afterInsert: async ({ trx, organizationId, id, data }) => {
    const measureIds = data.measure_ids ?? [];
    await replaceRiskMeasures({ trx, organizationId, side: { riskId: id, measureIds }, fresh: true });
    await replaceRiskAssets({ trx, organizationId, riskId: id, assetIds: data.asset_ids ?? [], fresh: true });
  },
  patchColumns: ({ before, columns }) => {
    checkAcceptedOnlyByAcceptance({ before: before as unknown as RiskRule, columns });
    const changed = new Set(Object.keys(columns));
    checkRiskInvariants({ risk: { ...before, ...columns } as RiskRule, changed });
    return columns;
  },
  beforeUpdate: async ({ trx, organizationId, patch }) => {
    const { measure_ids: measureIds, asset_ids: assetIds } = patch;
    if (measureIds)
      await checkRefs({ trx, table: 'measures', organizationId, ids: measureIds, field: 'measure_ids' });
    if (assetIds)
      await checkRefs({ trx, table: 'assets', organizationId, ids: assetIds, field: 'asset_ids' });
  },
  afterUpdate: async ({ trx, organizationId, id, patch }) => {
    const { measure_ids: measureIds, asset_ids: assetIds } = patch;
    if (measureIds) await replaceRiskMeasures({ trx, organizationId, side: { riskId: id, measureIds } });
    if (assetIds) await replaceRiskAssets({ trx, organizationId, riskId: id, assetIds });
  },
});
