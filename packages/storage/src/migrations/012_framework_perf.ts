import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * Crosswalk rows by the control on either side, for "covered via mapping" (docs/performance.md).
 * The per-control probes name a framework and a code, not the organization (the framework id is
 * the organization's already), so each matches exactly one index: with no statistics (PGlite) the
 * planner chose among indexes that all start with organization_id by size, and read every
 * crosswalk row of the organization for every control. These replace framework_mappings_target_idx;
 * listings by organization keep framework_mappings_pair_key.
 */
export const frameworkPerf: Migration = {
  version: 12,
  name: 'framework_perf',
  up: async (trx) => {
    await run(trx, [
      sql`create index framework_mappings_source_idx
        on framework_mappings (source_framework_id, source_control_code)`,
      sql`create index framework_mappings_target_control_idx
        on framework_mappings (target_framework_id, target_control_code)`,
      sql`drop index framework_mappings_target_idx`,
    ]);
  },
};
