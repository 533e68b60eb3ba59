import type { Transaction } from 'kysely';
import type { StorageContext } from '../../context.js';
import type { Database } from '../../db/types.js';
import { definedOnly, setColumns } from '../kit.js';
import { checkRefs, replaceLinks, replaceRiskMeasures } from '../refs.js';
import { type InsertStep, registerRepository, type UpdateStep } from '../register-repository.js';
import { countRisksFromTotals } from './count.js';
import { RISK_ORDER, riskWhere } from './filters.js';
import { RISK_COLUMNS, type RiskRow, selectRisks, toRisk } from './mapping.js';
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

/** The risks register. Every call is scoped to one organization. */
export function risksRepository(ctx: StorageContext) {
  return registerRepository({
    ctx,
    register: 'risks',
    recordType: 'risk',
    idKind: 'risk',
    select: ({ db }) => selectRisks(db),
    toRecord: toRisk,
    where: riskWhere,
    order: RISK_ORDER,
    count: ({ organizationId, filters }) => countRisksFromTotals({ db: ctx.db, organizationId, filters }),
    insert: async ({ trx, organizationId, id, now, data }: InsertStep<RiskCreate>) => {
      const measureIds = data.measure_ids ?? [];
      const assetIds = data.asset_ids ?? [];
      await checkRefs({ trx, table: 'measures', organizationId, ids: measureIds, field: 'measure_ids' });
      await checkRefs({ trx, table: 'assets', organizationId, ids: assetIds, field: 'asset_ids' });
      const row = await trx
        .insertInto('risks')
        .values({
          id,
          organization_id: organizationId,
          name: data.name,
          description: data.description ?? null,
          category: data.category ?? null,
          owner: data.owner ?? null,
          status: data.status ?? 'OPEN',
          treatment: data.treatment ?? null,
          inherent_likelihood: data.inherent_likelihood,
          inherent_impact: data.inherent_impact,
          residual_likelihood: data.residual_likelihood ?? data.inherent_likelihood,
          residual_impact: data.residual_impact ?? data.inherent_impact,
          review_date: data.review_date ?? null,
          note: data.note ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning(RISK_COLUMNS)
        .executeTakeFirstOrThrow();
      // Without links, the row the INSERT returned is the record: no load after it.
      if (measureIds.length === 0 && assetIds.length === 0) return row as RiskRow;
      await replaceRiskMeasures({ trx, organizationId, side: { riskId: id, measureIds }, fresh: true });
      await replaceRiskAssets({ trx, organizationId, riskId: id, assetIds, fresh: true });
      return undefined;
    },
    update: async ({ trx, organizationId, id, now, patch }: UpdateStep<Risk, RiskPatch>) => {
      const { measure_ids: measureIds, asset_ids: assetIds, ...columns } = patch;
      if (measureIds === undefined && assetIds === undefined) {
        // No links change: the row the UPDATE returns is the record as written.
        const row = await trx
          .updateTable('risks')
          .set({ ...definedOnly(columns), updated_at: now })
          .where('organization_id', '=', organizationId)
          .where('id', '=', id)
          .returning(RISK_COLUMNS)
          .executeTakeFirstOrThrow();
        return row as RiskRow;
      }
      await setColumns({ trx, table: 'risks', organizationId, id, columns, now });
      if (measureIds !== undefined) {
        await checkRefs({ trx, table: 'measures', organizationId, ids: measureIds, field: 'measure_ids' });
        await replaceRiskMeasures({ trx, organizationId, side: { riskId: id, measureIds } });
      }
      if (assetIds !== undefined) {
        await checkRefs({ trx, table: 'assets', organizationId, ids: assetIds, field: 'asset_ids' });
        await replaceRiskAssets({ trx, organizationId, riskId: id, assetIds });
      }
      return undefined;
    },
  });
}

/** The risks repository's type. */
export type RisksRepository = ReturnType<typeof risksRepository>;
