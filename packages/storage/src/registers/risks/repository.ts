import type { Transaction } from 'kysely';
import type { StorageContext } from '../../context.js';
import type { Database } from '../../db/types.js';
import { definedOnly, setColumns } from '../kit.js';
import { checkRefs, replaceLinks, replaceRiskMeasures } from '../refs.js';
import { type InsertStep, registerRepository, type UpdateStep } from '../register-repository.js';
import { countRisksFromTotals } from './count.js';
import { RISK_ORDER, riskWhere } from './filters.js';
import { checkRiskInvariants, RISK_RULE_KEYS } from './invariants.js';
import { RISK_COLUMNS, riskJson, selectRisks, toRisk } from './mapping.js';
import type { Risk, RiskCreate, RiskPatch } from './types.js';

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
 * The risks row of a create, defaults applied (an ACCEPTED risk given no treatment is treated by
 * ACCEPT), checked against the invariants.
 */
function riskValues({ organizationId, id, now, data }: Omit<InsertStep<RiskCreate>, 'trx'>) {
  const status = data.status ?? 'OPEN';
  const values = {
    id,
    organization_id: organizationId,
    name: data.name,
    description: data.description ?? null,
    category: data.category ?? null,
    owner: data.owner ?? null,
    status,
    treatment: data.treatment === undefined && status === 'ACCEPTED' ? 'ACCEPT' : (data.treatment ?? null),
    inherent_likelihood: data.inherent_likelihood,
    inherent_impact: data.inherent_impact,
    residual_likelihood: data.residual_likelihood ?? data.inherent_likelihood,
    residual_impact: data.residual_impact ?? data.inherent_impact,
    review_date: data.review_date ?? null,
    note: data.note ?? null,
    created_at: now,
    updated_at: now,
  };
  checkRiskInvariants({ risk: values, changed: new Set(Object.keys(data)) });
  return values;
}

/** Whether a patch sets a column an invariant reads (then the update checks the merged record). */
function touchesRules(patch: RiskPatch): boolean {
  return RISK_RULE_KEYS.some((key) => patch[key] !== undefined);
}

/**
 * The patch's columns after checking the merged record against the invariants; a risk that
 * becomes ACCEPTED with no treatment recorded gets treatment ACCEPT.
 */
function checkedColumns({ before, patch }: { before: Risk; patch: RiskPatch }) {
  const { measure_ids: _measures, asset_ids: _assets, ...columns } = patch;
  const fill =
    columns.status === 'ACCEPTED' && columns.treatment === undefined && before.treatment === null
      ? { treatment: 'ACCEPT' as const }
      : {};
  const merged = { ...before, ...definedOnly(columns), ...fill };
  checkRiskInvariants({ risk: merged, changed: new Set(Object.keys(definedOnly(columns))) });
  return { ...columns, ...fill };
}

/** The risks register. Every call is scoped to one organization. */
export function risksRepository(ctx: StorageContext) {
  return registerRepository({
    ctx,
    register: 'risks',
    recordType: 'risk',
    idKind: 'risk',
    select: ({ db }) => selectRisks(db),
    toRecord: toRisk,
    recordJson: riskJson,
    where: riskWhere,
    order: RISK_ORDER,
    count: ({ organizationId, filters }) => countRisksFromTotals({ db: ctx.db, organizationId, filters }),
    insert: async (step: InsertStep<RiskCreate>) => {
      const { trx, organizationId, id, data } = step;
      const measureIds = data.measure_ids ?? [];
      const assetIds = data.asset_ids ?? [];
      await checkRefs({ trx, table: 'measures', organizationId, ids: measureIds, field: 'measure_ids' });
      await checkRefs({ trx, table: 'assets', organizationId, ids: assetIds, field: 'asset_ids' });
      await trx.insertInto('risks').values(riskValues(step)).execute();
      await replaceRiskMeasures({ trx, organizationId, side: { riskId: id, measureIds }, fresh: true });
      await replaceRiskAssets({ trx, organizationId, riskId: id, assetIds, fresh: true });
    },
    // Without links, the INSERT returning the record's columns is the whole create.
    loneInsert: (step) =>
      step.data.measure_ids?.length || step.data.asset_ids?.length
        ? undefined
        : ctx.db.insertInto('risks').values(riskValues(step)).returning(RISK_COLUMNS),
    update: async ({ trx, organizationId, id, before, now, patch }: UpdateStep<Risk, RiskPatch>) => {
      const { measure_ids: measureIds, asset_ids: assetIds } = patch;
      const columns = checkedColumns({ before, patch });
      await setColumns({ trx, table: 'risks', organizationId, id, columns, now });
      if (measureIds !== undefined) {
        await checkRefs({ trx, table: 'measures', organizationId, ids: measureIds, field: 'measure_ids' });
        await replaceRiskMeasures({ trx, organizationId, side: { riskId: id, measureIds } });
      }
      if (assetIds !== undefined) {
        await checkRefs({ trx, table: 'assets', organizationId, ids: assetIds, field: 'asset_ids' });
        await replaceRiskAssets({ trx, organizationId, riskId: id, assetIds });
      }
    },
    // Without link changes, the UPDATE returning the record's columns is the whole update; a patch
    // an invariant reads needs the record as it was, so it goes through `update`.
    loneUpdate: ({ organizationId, id, now, patch }) => {
      const { measure_ids: measureIds, asset_ids: assetIds, ...columns } = patch;
      if (measureIds !== undefined || assetIds !== undefined || touchesRules(patch)) return undefined;
      return ctx.db
        .updateTable('risks')
        .set({ ...definedOnly(columns), updated_at: now })
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .returning(RISK_COLUMNS);
    },
  });
}

/** The risks repository's type. */
export type RisksRepository = ReturnType<typeof risksRepository>;
