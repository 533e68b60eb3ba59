import type { Transaction } from 'kysely';
import type { StorageContext } from '../../context.js';
import type { Database } from '../../db/types.js';
import { invalidInput } from '../../errors.js';
import { setColumns } from '../kit.js';
import { checkRefs } from '../refs.js';
import { type InsertStep, registerRepository, type UpdateStep } from '../register-repository.js';
import { AUDIT_ORDER, auditWhere } from './filters.js';
import { selectAudits, toAudit } from './mapping.js';
import type { Audit, AuditCreate, AuditPatch } from './types.js';

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
    });
  }
  if (args.start && args.end && args.end < args.start) {
    throw invalidInput('end_date', '`end_date` must not be before `start_date`.');
  }
}

/** The audits register. */
export function auditsRepository(ctx: StorageContext) {
  return registerRepository({
    ctx,
    register: 'audits',
    recordType: 'audit',
    idKind: 'audit',
    select: selectAudits,
    toRecord: toAudit,
    where: auditWhere,
    order: AUDIT_ORDER,
    insert: async ({ trx, organizationId, id, now, data }: InsertStep<AuditCreate>) => {
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
    update: async ({ trx, organizationId, id, before, now, patch }: UpdateStep<Audit, AuditPatch>) => {
      await checkAudit({
        trx,
        organizationId,
        frameworkId: patch.framework_id,
        start: patch.start_date === undefined ? before.start_date : patch.start_date,
        end: patch.end_date === undefined ? before.end_date : patch.end_date,
      });
      await setColumns({ trx, table: 'audits', organizationId, id, columns: patch, now });
    },
  });
}

/** The audits repository's type. */
export type AuditsRepository = ReturnType<typeof auditsRepository>;
