import type { Transaction } from 'kysely';
import type { Actor, StorageContext } from '../../context.js';
import { toDateString } from '../../dates.js';
import type { Database, Db } from '../../db/types.js';
import type { ListParams, Page } from '../../paging/list.js';
import { listPage } from '../../paging/query.js';
import { createRecord, definedOnly, updateRecord } from '../kit.js';
import { checkRefs } from '../refs.js';
import { NONCONFORMITY_ORDER, nonconformityWhere } from './filters.js';
import { selectNonconformities, toNonconformity } from './mapping.js';
import { nextReference } from './reference.js';
import type {
  Nonconformity,
  NonconformityCreate,
  NonconformityFilters,
  NonconformityOrderField,
  NonconformityPatch,
} from './types.js';

async function checkLinks(args: {
  trx: Transaction<Database>;
  organizationId: string;
  auditId: string | null | undefined;
  measureId: string | null | undefined;
}): Promise<void> {
  const { trx, organizationId } = args;
  if (args.auditId)
    await checkRefs({
      trx,
      table: 'audits',
      organizationId,
      ids: [args.auditId],
      field: 'audit_id',
      kind: 'audits',
    });
  if (args.measureId) {
    await checkRefs({
      trx,
      table: 'measures',
      organizationId,
      ids: [args.measureId],
      field: 'measure_id',
      kind: 'measures',
    });
  }
}

/** The nonconformities register. References are unique per organization → CONFLICT. */
export function nonconformitiesRepository(ctx: StorageContext) {
  const today = () => toDateString(ctx.clock());
  const load = async (args: {
    db: Db;
    organizationId: string;
    id: string;
  }): Promise<Nonconformity | null> => {
    const row = await selectNonconformities({ db: args.db, today: today() })
      .where('nonconformities.organization_id', '=', args.organizationId)
      .where('nonconformities.id', '=', args.id)
      .executeTakeFirst();
    return row ? toNonconformity(row) : null;
  };

  return {
    get: (args: { organizationId: string; id: string }): Promise<Nonconformity | null> =>
      load({ db: ctx.db, ...args }),

    create: (args: {
      organizationId: string;
      actor: Actor;
      data: NonconformityCreate;
      idempotencyKey?: string;
    }): Promise<Nonconformity> => {
      const { organizationId, data } = args;
      return createRecord({
        ctx,
        organizationId,
        actor: args.actor,
        register: 'nonconformities',
        recordType: 'nonconformity',
        idKind: 'nonconformity',
        idempotencyKey: args.idempotencyKey,
        load,
        insert: async ({ trx, id, now }) => {
          await checkLinks({ trx, organizationId, auditId: data.audit_id, measureId: data.measure_id });
          const dateIdentified = data.date_identified ?? today();
          const status = data.status ?? 'OPEN';
          const reference =
            data.reference ??
            (await nextReference({ trx, organizationId, year: dateIdentified.slice(0, 4) }));
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
      });
    },

    update: (args: {
      organizationId: string;
      actor: Actor;
      id: string;
      patch: NonconformityPatch;
      expectedUpdatedAt?: string;
    }): Promise<Nonconformity> =>
      updateRecord({
        ctx,
        organizationId: args.organizationId,
        actor: args.actor,
        table: 'nonconformities',
        recordType: 'nonconformity',
        id: args.id,
        expectedUpdatedAt: args.expectedUpdatedAt,
        load,
        apply: async ({ trx, before, now }) => {
          const { patch } = args;
          await checkLinks({
            trx,
            organizationId: args.organizationId,
            auditId: patch.audit_id,
            measureId: patch.measure_id,
          });
          let closedAt: string | null | undefined;
          if (patch.status === 'CLOSED' && before.status !== 'CLOSED') closedAt = now;
          if (patch.status !== undefined && patch.status !== 'CLOSED') closedAt = null;
          await trx
            .updateTable('nonconformities')
            .set({ ...definedOnly({ ...patch, closed_at: closedAt }), updated_at: now })
            .where('organization_id', '=', args.organizationId)
            .where('id', '=', args.id)
            .execute();
        },
      }),

    list: async (
      params: ListParams<NonconformityFilters, NonconformityOrderField>,
    ): Promise<Page<Nonconformity>> => {
      const day = today();
      const where = nonconformityWhere({
        organizationId: params.organizationId,
        filters: params.filters ?? {},
        today: day,
      });
      const page = await listPage({
        ctx,
        register: 'nonconformities',
        spec: NONCONFORMITY_ORDER,
        params,
        select: () => selectNonconformities({ db: ctx.db, today: day }),
        where,
      });
      return { ...page, items: page.items.map(toNonconformity) };
    },
  };
}

/** The nonconformities repository's type. */
export type NonconformitiesRepository = ReturnType<typeof nonconformitiesRepository>;
