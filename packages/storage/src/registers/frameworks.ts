import type { StorageContext } from '../context.js';
import { BY_TIMESTAMPS, defineRegister, search } from './define.js';
import { controlReader } from './frameworks/control-list.js';
import { upsertControls } from './frameworks/controls.js';
import {
  controlCountSql,
  coveredControlCountSql,
  familiesOmittedSql,
  familiesSql,
} from './frameworks/mapping.js';
import { mappingsRepository } from './frameworks/mappings.js';
import type { Framework, FrameworkCreate, FrameworkPatch } from './frameworks/types.js';

/**
 * The frameworks register: records carry counts and families, lists return summaries (without the
 * families); a create or update writes the controls it lists (upserted by code).
 */
const frameworksRegister = defineRegister({
  register: 'frameworks',
  computed: {
    control_count: () => controlCountSql,
    covered_control_count: () => coveredControlCountSql,
    families: () => familiesSql,
    families_omitted: () => familiesOmittedSql,
  },
  listFields: [
    'id',
    'organization_id',
    'name',
    'version',
    'description',
    'source',
    'library_key',
    'baseline',
    'oscal_uuid',
    'control_count',
    'covered_control_count',
    'created_at',
    'updated_at',
  ],
  filters: { query: search('name', 'description') },
  order: { keys: { name: 'lower', ...BY_TIMESTAMPS } },
  defaults: { source: 'manual' },
  // Without controls a write is one statement; controls are rows of their own table.
  needsTransaction: (input) => input.controls !== undefined,
  afterInsert: ({ trx, organizationId, id, now, data }) =>
    upsertControls({ trx, organizationId, frameworkId: id, controls: data.controls ?? [], now }),
  afterUpdate: async ({ trx, organizationId, id, now, patch }) => {
    if (patch.controls)
      await upsertControls({ trx, organizationId, frameworkId: id, controls: patch.controls, now });
  },
});

type Register = ReturnType<typeof frameworksRegister>;

/**
 * The frameworks repository: the register's list, get, add and update (a create also takes the
 * provenance catalog imports write: `source`, `oscal_uuid`), controls read page by page
 * (listControls) or whole for exports (allControls), crosswalks in `mappings`.
 */
export const frameworksRepository = Object.assign(
  (ctx: StorageContext) => {
    const register = frameworksRegister(ctx);
    return {
      ...register,
      create: register.create as (
        args: Omit<Parameters<Register['create']>[0], 'data'> & { data: FrameworkCreate },
      ) => Promise<Framework>,
      update: register.update as (
        args: Omit<Parameters<Register['update']>[0], 'patch'> & { patch: FrameworkPatch },
      ) => Promise<Framework>,
      ...controlReader(ctx),
      mappings: mappingsRepository(ctx),
    };
  },
  { order: frameworksRegister.order, where: frameworksRegister.where },
);

/** The frameworks repository's type. */
export type FrameworksRepository = ReturnType<typeof frameworksRepository>;
