import type { StorageContext } from '../context.js';
import { controlReader } from './frameworks/control-list.js';
import { upsertControls } from './frameworks/controls.js';
import { FRAMEWORK_ORDER, frameworkWhere } from './frameworks/filters.js';
import {
  selectFrameworks,
  selectFrameworksWithFamilies,
  toFramework,
  toFrameworkSummary,
} from './frameworks/mapping.js';
import { mappingsRepository } from './frameworks/mappings.js';
import type { Framework, FrameworkCreate, FrameworkPatch } from './frameworks/types.js';
import { setColumns } from './kit.js';
import { type InsertStep, registerRepository, type UpdateStep } from './register-repository.js';

/**
 * The frameworks register: records carry counts and families, lists return summaries; controls are
 * read page by page (listControls) or whole for exports (allControls); crosswalks in `mappings`.
 */
export function frameworksRepository(ctx: StorageContext) {
  const register = registerRepository({
    ctx,
    register: 'frameworks',
    recordType: 'framework',
    idKind: 'framework',
    select: ({ db }) => selectFrameworksWithFamilies(db),
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
          source: data.source ?? 'manual',
          library_key: data.library_key ?? null,
          baseline: data.baseline ?? null,
          oscal_uuid: data.oscal_uuid ?? null,
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
  return { ...register, ...controlReader(ctx), mappings: mappingsRepository(ctx) };
}

/** The frameworks repository's type. */
export type FrameworksRepository = ReturnType<typeof frameworksRepository>;
