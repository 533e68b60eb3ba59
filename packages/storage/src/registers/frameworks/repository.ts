import type { StorageContext } from '../../context.js';
import { setColumns } from '../kit.js';
import { type InsertStep, registerRepository, type UpdateStep } from '../register-repository.js';
import { upsertControls } from './controls.js';
import { FRAMEWORK_ORDER, frameworkWhere } from './filters.js';
import {
  selectFrameworks,
  selectFrameworksWithControls,
  toFramework,
  toFrameworkSummary,
} from './mapping.js';
import type { Framework, FrameworkCreate, FrameworkPatch } from './types.js';

/** The frameworks register with their controls; lists return summaries without controls. */
export function frameworksRepository(ctx: StorageContext) {
  return registerRepository({
    ctx,
    register: 'frameworks',
    recordType: 'framework',
    idKind: 'framework',
    select: ({ db }) => selectFrameworksWithControls(db),
    toRecord: toFramework,
    listed: { select: ({ db }) => selectFrameworks(db), toItem: toFrameworkSummary },
    where: frameworkWhere,
    order: FRAMEWORK_ORDER,
    insert: async ({ trx, organizationId, id, now, data }: InsertStep<FrameworkCreate>) => {
      await trx
        .insertInto('frameworks')
        .values({
          id,
          organization_id: organizationId,
          name: data.name,
          version: data.version ?? null,
          description: data.description ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await upsertControls({ trx, organizationId, frameworkId: id, controls: data.controls ?? [], now });
    },
    update: async ({ trx, organizationId, id, now, patch }: UpdateStep<Framework, FrameworkPatch>) => {
      const { controls, ...columns } = patch;
      await setColumns({ trx, table: 'frameworks', organizationId, id, columns, now });
      if (controls) await upsertControls({ trx, organizationId, frameworkId: id, controls, now });
    },
  });
}

/** The frameworks repository's type. */
export type FrameworksRepository = ReturnType<typeof frameworksRepository>;
