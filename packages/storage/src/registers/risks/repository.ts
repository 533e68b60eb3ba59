import type { Actor, StorageContext } from '../../context.js';
import type { Db } from '../../db/types.js';
import type { ListParams, Page } from '../../paging/list.js';
import { listPage } from '../../paging/query.js';
import { createRecord, definedOnly, updateRecord } from '../kit.js';
import { checkRefs, replaceRiskMeasures } from '../refs.js';
import { countRisksFromTotals } from './count.js';
import { RISK_ORDER, riskWhere } from './filters.js';
import { selectRisks, toRisk } from './mapping.js';
import type { Risk, RiskCreate, RiskFilters, RiskOrderField, RiskPatch } from './types.js';

async function loadRisk(args: { db: Db; organizationId: string; id: string }): Promise<Risk | null> {
  const row = await selectRisks(args.db)
    .where('risks.organization_id', '=', args.organizationId)
    .where('risks.id', '=', args.id)
    .executeTakeFirst();
  return row ? toRisk(row) : null;
}

/** The risks register. Every call is scoped to one organization. */
export function risksRepository(ctx: StorageContext) {
  return {
    get: (args: { organizationId: string; id: string }): Promise<Risk | null> =>
      loadRisk({ db: ctx.db, ...args }),

    create: (args: {
      organizationId: string;
      actor: Actor;
      data: RiskCreate;
      idempotencyKey?: string;
    }): Promise<Risk> => {
      const { organizationId, data } = args;
      return createRecord({
        ctx,
        organizationId,
        actor: args.actor,
        register: 'risks',
        recordType: 'risk',
        idKind: 'risk',
        idempotencyKey: args.idempotencyKey,
        load: loadRisk,
        insert: async ({ trx, id, now }) => {
          const measureIds = data.measure_ids ?? [];
          await checkRefs({
            trx,
            table: 'measures',
            organizationId,
            ids: measureIds,
            field: 'measure_ids',
            kind: 'measures',
          });
          await trx
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
            .execute();
          await replaceRiskMeasures({ trx, organizationId, side: { riskId: id, measureIds } });
        },
      });
    },

    update: (args: {
      organizationId: string;
      actor: Actor;
      id: string;
      patch: RiskPatch;
      expectedUpdatedAt?: string;
    }): Promise<Risk> => {
      const { organizationId, id } = args;
      const { measure_ids: measureIds, ...columns } = args.patch;
      return updateRecord({
        ctx,
        organizationId,
        actor: args.actor,
        table: 'risks',
        recordType: 'risk',
        id,
        expectedUpdatedAt: args.expectedUpdatedAt,
        load: loadRisk,
        apply: async ({ trx, now }) => {
          await trx
            .updateTable('risks')
            .set({ ...definedOnly(columns), updated_at: now })
            .where('organization_id', '=', organizationId)
            .where('id', '=', id)
            .execute();
          if (measureIds !== undefined) {
            await checkRefs({
              trx,
              table: 'measures',
              organizationId,
              ids: measureIds,
              field: 'measure_ids',
              kind: 'measures',
            });
            await replaceRiskMeasures({ trx, organizationId, side: { riskId: id, measureIds } });
          }
        },
      });
    },

    list: async (params: ListParams<RiskFilters, RiskOrderField>): Promise<Page<Risk>> => {
      const where = riskWhere({ organizationId: params.organizationId, filters: params.filters ?? {} });
      const page = await listPage({
        ctx,
        register: 'risks',
        spec: RISK_ORDER,
        params,
        select: () => selectRisks(ctx.db),
        where,
        count: () =>
          countRisksFromTotals({
            db: ctx.db,
            organizationId: params.organizationId,
            filters: params.filters ?? {},
          }),
      });
      return { ...page, items: page.items.map(toRisk) };
    },
  };
}

/** The risks repository's type. */
export type RisksRepository = ReturnType<typeof risksRepository>;
