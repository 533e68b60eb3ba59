import type { Actor, StorageContext } from '../../context.js';
import type { Db } from '../../db/types.js';
import type { ListParams, Page } from '../../paging/list.js';
import { listPage } from '../../paging/query.js';
import { createRecord, definedOnly, updateRecord } from '../kit.js';
import { upsertControls } from './controls.js';
import { FRAMEWORK_ORDER, frameworkWhere } from './filters.js';
import {
  selectFrameworks,
  selectFrameworksWithControls,
  toFramework,
  toFrameworkSummary,
} from './mapping.js';
import type {
  Framework,
  FrameworkCreate,
  FrameworkFilters,
  FrameworkOrderField,
  FrameworkPatch,
  FrameworkSummary,
} from './types.js';

async function loadFramework(args: {
  db: Db;
  organizationId: string;
  id: string;
}): Promise<Framework | null> {
  const row = await selectFrameworksWithControls(args.db)
    .where('frameworks.organization_id', '=', args.organizationId)
    .where('frameworks.id', '=', args.id)
    .executeTakeFirst();
  return row ? toFramework(row) : null;
}

/** The frameworks register with their controls. */
export function frameworksRepository(ctx: StorageContext) {
  return {
    get: (args: { organizationId: string; id: string }): Promise<Framework | null> =>
      loadFramework({ db: ctx.db, ...args }),

    create: (args: {
      organizationId: string;
      actor: Actor;
      data: FrameworkCreate;
      idempotencyKey?: string;
    }): Promise<Framework> => {
      const { organizationId, data } = args;
      return createRecord({
        ctx,
        organizationId,
        actor: args.actor,
        register: 'frameworks',
        recordType: 'framework',
        idKind: 'framework',
        idempotencyKey: args.idempotencyKey,
        load: loadFramework,
        insert: async ({ trx, id, now }) => {
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
      });
    },

    update: (args: {
      organizationId: string;
      actor: Actor;
      id: string;
      patch: FrameworkPatch;
      expectedUpdatedAt?: string;
    }): Promise<Framework> => {
      const { controls, ...columns } = args.patch;
      return updateRecord({
        ctx,
        organizationId: args.organizationId,
        actor: args.actor,
        table: 'frameworks',
        recordType: 'framework',
        id: args.id,
        expectedUpdatedAt: args.expectedUpdatedAt,
        load: loadFramework,
        apply: async ({ trx, now }) => {
          await trx
            .updateTable('frameworks')
            .set({ ...definedOnly(columns), updated_at: now })
            .where('organization_id', '=', args.organizationId)
            .where('id', '=', args.id)
            .execute();
          if (controls) {
            await upsertControls({
              trx,
              organizationId: args.organizationId,
              frameworkId: args.id,
              controls,
              now,
            });
          }
        },
      });
    },

    list: async (
      params: ListParams<FrameworkFilters, FrameworkOrderField>,
    ): Promise<Page<FrameworkSummary>> => {
      const where = frameworkWhere({ organizationId: params.organizationId, filters: params.filters ?? {} });
      const page = await listPage({
        ctx,
        register: 'frameworks',
        spec: FRAMEWORK_ORDER,
        params,
        select: () => selectFrameworks(ctx.db),
        where,
      });
      return { ...page, items: page.items.map(toFrameworkSummary) };
    },
  };
}

/** The frameworks repository's type. */
export type FrameworksRepository = ReturnType<typeof frameworksRepository>;
