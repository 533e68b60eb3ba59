import type { Transaction } from 'kysely';
import type { StorageContext } from '../../context.js';
import { toDateString } from '../../dates.js';
import type { Database } from '../../db/types.js';
import { definedOnly, setColumns } from '../kit.js';
import { refuseFutureDates } from '../not-future.js';
import { checkRefs } from '../refs.js';
import { type InsertStep, registerRepository, type UpdateStep } from '../register-repository.js';
import { NONCONFORMITY_ORDER, nonconformityWhere } from './filters.js';
import { checkNonconformityInvariants } from './invariants.js';
import { selectNonconformities, toNonconformity } from './mapping.js';
import { nextReference } from './reference.js';
import type { Nonconformity, NonconformityCreate, NonconformityPatch } from './types.js';

async function checkLinks(args: {
  trx: Transaction<Database>;
  organizationId: string;
  auditId: string | null | undefined;
  measureId: string | null | undefined;
}): Promise<void> {
  const { trx, organizationId } = args;
  if (args.auditId) {
    await checkRefs({ trx, table: 'audits', organizationId, ids: [args.auditId], field: 'audit_id' });
  }
  if (args.measureId) {
    await checkRefs({ trx, table: 'measures', organizationId, ids: [args.measureId], field: 'measure_id' });
  }
}

/** The nonconformities register. References are unique per organization → CONFLICT. */
export function nonconformitiesRepository(ctx: StorageContext) {
  return registerRepository({
    ctx,
    register: 'nonconformities',
    recordType: 'nonconformity',
    idKind: 'nonconformity',
    select: selectNonconformities,
    toRecord: toNonconformity,
    where: nonconformityWhere,
    order: NONCONFORMITY_ORDER,
    insert: async ({ trx, organizationId, id, now, data }: InsertStep<NonconformityCreate>) => {
      refuseFutureDates({ now, dates: { date_identified: data.date_identified } });
      checkNonconformityInvariants({
        nonconformity: {
          status: data.status ?? 'OPEN',
          root_cause: data.root_cause ?? null,
          corrective_action: data.corrective_action ?? null,
        },
      });
      await checkLinks({ trx, organizationId, auditId: data.audit_id, measureId: data.measure_id });
      const dateIdentified = data.date_identified ?? toDateString(ctx.clock());
      const status = data.status ?? 'OPEN';
      const reference =
        data.reference ?? (await nextReference({ trx, organizationId, year: dateIdentified.slice(0, 4) }));
      await trx
        .insertInto('nonconformities')
        .values({
          id,
          organization_id: organizationId,
          reference,
          title: data.title,
          description: data.description ?? null,
          severity: data.severity,
          status,
          audit_id: data.audit_id ?? null,
          measure_id: data.measure_id ?? null,
          date_identified: dateIdentified,
          root_cause: data.root_cause ?? null,
          corrective_action: data.corrective_action ?? null,
          owner: data.owner ?? null,
          due_date: data.due_date ?? null,
          closed_at: status === 'CLOSED' ? now : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    },
    update: async ({
      trx,
      organizationId,
      id,
      before,
      now,
      patch,
    }: UpdateStep<Nonconformity, NonconformityPatch>) => {
      refuseFutureDates({ now, dates: { date_identified: patch.date_identified } });
      checkNonconformityInvariants({ nonconformity: { ...before, ...definedOnly(patch) } });
      await checkLinks({ trx, organizationId, auditId: patch.audit_id, measureId: patch.measure_id });
      let closedAt: string | null | undefined;
      if (patch.status === 'CLOSED' && before.status !== 'CLOSED') closedAt = now;
      if (patch.status !== undefined && patch.status !== 'CLOSED') closedAt = null;
      const columns = { ...patch, closed_at: closedAt };
      await setColumns({ trx, table: 'nonconformities', organizationId, id, columns, now });
    },
  });
}

/** The nonconformities repository's type. */
export type NonconformitiesRepository = ReturnType<typeof nonconformitiesRepository>;
