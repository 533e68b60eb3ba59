import type { Actor, StorageContext } from '../../context.js';
import type { Db } from '../../db/types.js';
import type { ListParams, Page } from '../../paging/list.js';
import { listPage } from '../../paging/query.js';
import { createRecord, definedOnly, updateRecord } from '../kit.js';
import { checkRefs, replaceRiskMeasures } from '../refs.js';
import { MEASURE_ORDER, measureWhere } from './filters.js';
import { appendEvidence, checkControls, replaceControls } from './links.js';
import { selectMeasures, toMeasure } from './mapping.js';
import type { Measure, MeasureCreate, MeasureFilters, MeasureOrderField, MeasurePatch } from './types.js';

async function loadMeasure(args: { db: Db; organizationId: string; id: string }): Promise<Measure | null> {
  const row = await selectMeasures(args.db)
    .where('measures.organization_id', '=', args.organizationId)
    .where('measures.id', '=', args.id)
    .executeTakeFirst();
  return row ? toMeasure(row) : null;
}

/** The measures register with evidence, framework controls and mitigated risks. */
export function measuresRepository(ctx: StorageContext) {
  return {
    get: (args: { organizationId: string; id: string }): Promise<Measure | null> =>
      loadMeasure({ db: ctx.db, ...args }),

    create: (args: {
      organizationId: string;
      actor: Actor;
      data: MeasureCreate;
      idempotencyKey?: string;
    }): Promise<Measure> => {
      const { organizationId, data } = args;
      return createRecord({
        ctx,
        organizationId,
        actor: args.actor,
        register: 'measures',
        recordType: 'measure',
        idKind: 'measure',
        idempotencyKey: args.idempotencyKey,
        load: loadMeasure,
        insert: async ({ trx, id, now }) => {
          const controls = data.controls ?? [];
          const riskIds = data.risk_ids ?? [];
          await checkControls({ trx, organizationId, controls });
          await checkRefs({
            trx,
            table: 'risks',
            organizationId,
            ids: riskIds,
            field: 'risk_ids',
            kind: 'risks',
          });
          await trx
            .insertInto('measures')
            .values({
              id,
              organization_id: organizationId,
              name: data.name,
              description: data.description ?? null,
              category: data.category ?? null,
              owner: data.owner ?? null,
              state: data.state ?? 'NOT_STARTED',
              created_at: now,
              updated_at: now,
            })
            .execute();
          await appendEvidence({ trx, organizationId, measureId: id, evidence: data.evidence ?? [], now });
          await replaceControls({ trx, organizationId, measureId: id, controls });
          await replaceRiskMeasures({ trx, organizationId, side: { measureId: id, riskIds } });
        },
      });
    },

    update: (args: {
      organizationId: string;
      actor: Actor;
      id: string;
      patch: MeasurePatch;
      expectedUpdatedAt?: string;
    }): Promise<Measure> => {
      const { organizationId, id } = args;
      const { add_evidence: addEvidence, controls, risk_ids: riskIds, ...columns } = args.patch;
      return updateRecord({
        ctx,
        organizationId,
        actor: args.actor,
        table: 'measures',
        recordType: 'measure',
        id,
        expectedUpdatedAt: args.expectedUpdatedAt,
        load: loadMeasure,
        apply: async ({ trx, now }) => {
          if (controls) await checkControls({ trx, organizationId, controls });
          if (riskIds)
            await checkRefs({
              trx,
              table: 'risks',
              organizationId,
              ids: riskIds,
              field: 'risk_ids',
              kind: 'risks',
            });
          await trx
            .updateTable('measures')
            .set({ ...definedOnly(columns), updated_at: now })
            .where('organization_id', '=', organizationId)
            .where('id', '=', id)
            .execute();
          if (addEvidence)
            await appendEvidence({ trx, organizationId, measureId: id, evidence: addEvidence, now });
          if (controls) await replaceControls({ trx, organizationId, measureId: id, controls });
          if (riskIds) await replaceRiskMeasures({ trx, organizationId, side: { measureId: id, riskIds } });
        },
      });
    },

    list: async (params: ListParams<MeasureFilters, MeasureOrderField>): Promise<Page<Measure>> => {
      const where = measureWhere({ organizationId: params.organizationId, filters: params.filters ?? {} });
      const page = await listPage({
        ctx,
        register: 'measures',
        spec: MEASURE_ORDER,
        params,
        select: () => selectMeasures(ctx.db),
        where,
      });
      return { ...page, items: page.items.map(toMeasure) };
    },
  };
}

/** The measures repository's type. */
export type MeasuresRepository = ReturnType<typeof measuresRepository>;
