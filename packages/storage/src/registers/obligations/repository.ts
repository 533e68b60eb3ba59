import type { StorageContext } from '../../context.js';
import { setColumns } from '../kit.js';
import { refuseFutureDates } from '../not-future.js';
import { type InsertStep, registerRepository, type UpdateStep } from '../register-repository.js';
import { OBLIGATION_ORDER, obligationWhere } from './filters.js';
import { selectObligations, toObligation } from './mapping.js';
import type { Obligation, ObligationCreate, ObligationPatch } from './types.js';

/** The obligations register. */
export function obligationsRepository(ctx: StorageContext) {
  return registerRepository({
    ctx,
    register: 'obligations',
    recordType: 'obligation',
    idKind: 'obligation',
    select: selectObligations,
    toRecord: toObligation,
    where: obligationWhere,
    order: OBLIGATION_ORDER,
    insert: async ({ trx, organizationId, id, now, data }: InsertStep<ObligationCreate>) => {
      refuseFutureDates({ now, dates: { last_review_date: data.last_review_date } });
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
    update: ({ trx, organizationId, id, now, patch }: UpdateStep<Obligation, ObligationPatch>) => {
      refuseFutureDates({ now, dates: { last_review_date: patch.last_review_date } });
      return setColumns({ trx, table: 'obligations', organizationId, id, columns: patch, now });
    },
  });
}

/** The obligations repository's type. */
export type ObligationsRepository = ReturnType<typeof obligationsRepository>;
