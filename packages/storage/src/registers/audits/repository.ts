import type { Transaction } from 'kysely';
import type { Actor, StorageContext } from '../../context.js';
import { toDateString } from '../../dates.js';
import type { Database, Db } from '../../db/types.js';
import { invalidInput } from '../../errors.js';
import type { ListParams, Page } from '../../paging/list.js';
import { listPage } from '../../paging/query.js';
import { createRecord, definedOnly, updateRecord } from '../kit.js';
import { checkRefs } from '../refs.js';
import { AUDIT_ORDER, auditWhere } from './filters.js';
import { selectAudits, toAudit } from './mapping.js';
import type { Audit, AuditCreate, AuditFilters, AuditOrderField, AuditPatch } from './types.js';

async function checkAudit(args: {
  trx: Transaction<Database>;
  organizationId: string;
  frameworkId: string | null | undefined;
  start: string | null | undefined;
  end: string | null | undefined;
}): Promise<void> {
  if (args.frameworkId) {
    const { trx, organizationId } = args;
    await checkRefs({
      trx,
      table: 'frameworks',
      organizationId,
      ids: [args.frameworkId],
      field: 'framework_id',
      kind: 'frameworks',
    });
  }
  if (args.start && args.end && args.end < args.start) {
    throw invalidInput('end_date', '`end_date` must not be before `start_date`.');
  }
}

/** The audits register. */
export function auditsRepository(ctx: StorageContext) {
  const today = () => toDateString(ctx.clock());
  const load = async (args: { db: Db; organizationId: string; id: string }): Promise<Audit | null> => {
    const row = await selectAudits({ db: args.db, today: today() })
      .where('audits.organization_id', '=', args.organizationId)
      .where('audits.id', '=', args.id)
      .executeTakeFirst();
    return row ? toAudit(row) : null;
  };

  return {
    get: (args: { organizationId: string; id: string }): Promise<Audit | null> =>
      load({ db: ctx.db, ...args }),

    create: (args: {
      organizationId: string;
      actor: Actor;
      data: AuditCreate;
      idempotencyKey?: string;
    }): Promise<Audit> => {
      const { organizationId, data } = args;
      return createRecord({
        ctx,
        organizationId,
        actor: args.actor,
        register: 'audits',
        recordType: 'audit',
        idKind: 'audit',
        idempotencyKey: args.idempotencyKey,
        load,
        insert: async ({ trx, id, now }) => {
          await checkAudit({
            trx,
            organizationId,
            frameworkId: data.framework_id,
            start: data.start_date,
            end: data.end_date,
          });
          await trx
            .insertInto('audits')
            .values({
              id,
              organization_id: organizationId,
              name: data.name,
              framework_id: data.framework_id ?? null,
              kind: data.kind,
              auditor: data.auditor ?? null,
              state: data.state ?? 'PLANNED',
              start_date: data.start_date ?? null,
              end_date: data.end_date ?? null,
              report_url: data.report_url ?? null,
              notes: data.notes ?? null,
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
      patch: AuditPatch;
      expectedUpdatedAt?: string;
    }): Promise<Audit> =>
      updateRecord({
        ctx,
        organizationId: args.organizationId,
        actor: args.actor,
        table: 'audits',
        recordType: 'audit',
        id: args.id,
        expectedUpdatedAt: args.expectedUpdatedAt,
        load,
        apply: async ({ trx, before, now }) => {
          const { patch } = args;
          await checkAudit({
            trx,
            organizationId: args.organizationId,
            frameworkId: patch.framework_id,
            start: patch.start_date === undefined ? before.start_date : patch.start_date,
            end: patch.end_date === undefined ? before.end_date : patch.end_date,
          });
          await trx
            .updateTable('audits')
            .set({ ...definedOnly(args.patch), updated_at: now })
            .where('organization_id', '=', args.organizationId)
            .where('id', '=', args.id)
            .execute();
        },
      }),

    list: async (params: ListParams<AuditFilters, AuditOrderField>): Promise<Page<Audit>> => {
      const day = today();
      const where = auditWhere({
        organizationId: params.organizationId,
        filters: params.filters ?? {},
        today: day,
      });
      const page = await listPage({
        ctx,
        register: 'audits',
        spec: AUDIT_ORDER,
        params,
        select: () => selectAudits({ db: ctx.db, today: day }),
        where,
      });
      return { ...page, items: page.items.map(toAudit) };
    },
  };
}

/** The audits repository's type. */
export type AuditsRepository = ReturnType<typeof auditsRepository>;
