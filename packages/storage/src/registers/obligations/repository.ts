import type { Actor, StorageContext } from '../../context.js';
import { toDateString } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { ListParams, Page } from '../../paging/list.js';
import { listPage } from '../../paging/query.js';
import { createRecord, definedOnly, updateRecord } from '../kit.js';
import { OBLIGATION_ORDER, obligationWhere } from './filters.js';
import { selectObligations, toObligation } from './mapping.js';
import type {
  Obligation,
  ObligationCreate,
  ObligationFilters,
  ObligationOrderField,
  ObligationPatch,
} from './types.js';

/** The obligations register. */
export function obligationsRepository(ctx: StorageContext) {
  const today = () => toDateString(ctx.clock());
  const load = async (args: { db: Db; organizationId: string; id: string }): Promise<Obligation | null> => {
    const row = await selectObligations({ db: args.db, today: today() })
      .where('obligations.organization_id', '=', args.organizationId)
      .where('obligations.id', '=', args.id)
      .executeTakeFirst();
    return row ? toObligation(row) : null;
  };

  return {
    get: (args: { organizationId: string; id: string }): Promise<Obligation | null> =>
      load({ db: ctx.db, ...args }),

    create: (args: {
      organizationId: string;
      actor: Actor;
      data: ObligationCreate;
      idempotencyKey?: string;
    }): Promise<Obligation> => {
      const { organizationId, data } = args;
      return createRecord({
        ctx,
        organizationId,
        actor: args.actor,
        register: 'obligations',
        recordType: 'obligation',
        idKind: 'obligation',
        idempotencyKey: args.idempotencyKey,
        load,
        insert: async ({ trx, id, now }) => {
          await trx
            .insertInto('obligations')
            .values({
              id,
              organization_id: organizationId,
              title: data.title,
              requirement: data.requirement ?? null,
              source: data.source,
              regulator: data.regulator ?? null,
              area: data.area ?? null,
              owner: data.owner ?? null,
              status: data.status ?? 'NON_COMPLIANT',
              due_date: data.due_date ?? null,
              last_review_date: data.last_review_date ?? null,
              actions: data.actions ?? null,
              created_at: now,
              updated_at: now,
            })
            .execute();
        },
      });
    },

    update: (args: {
      organizationId: string;
      actor: Actor;
      id: string;
      patch: ObligationPatch;
      expectedUpdatedAt?: string;
    }): Promise<Obligation> =>
      updateRecord({
        ctx,
        organizationId: args.organizationId,
        actor: args.actor,
        table: 'obligations',
        recordType: 'obligation',
        id: args.id,
        expectedUpdatedAt: args.expectedUpdatedAt,
        load,
        apply: async ({ trx, now }) => {
          await trx
            .updateTable('obligations')
            .set({ ...definedOnly(args.patch), updated_at: now })
            .where('organization_id', '=', args.organizationId)
            .where('id', '=', args.id)
            .execute();
        },
      }),

    list: async (params: ListParams<ObligationFilters, ObligationOrderField>): Promise<Page<Obligation>> => {
      const day = today();
      const where = obligationWhere({
        organizationId: params.organizationId,
        filters: params.filters ?? {},
        today: day,
      });
      const page = await listPage({
        ctx,
        register: 'obligations',
        spec: OBLIGATION_ORDER,
        params,
        select: () => selectObligations({ db: ctx.db, today: day }),
        where,
      });
      return { ...page, items: page.items.map(toObligation) };
    },
  };
}

/** The obligations repository's type. */
export type ObligationsRepository = ReturnType<typeof obligationsRepository>;
