import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * Crosswalk rows by their source control, for "covered via mapping" (docs/performance.md): the
 * per-control probe matches all three columns here. framework_mappings_pair_key starts with the same
 * columns but carries two more, and with no statistics (PGlite) the planner preferred the narrower
 * target index with the source columns as a filter: every crosswalk row of the organization read
 * for every control.
 */
export const frameworkPerf: Migration = {
  version: 12,
  name: 'framework_perf',
  up: async (trx) => {
    await run(trx, [
      sql`create index framework_mappings_source_idx
        on framework_mappings (organization_id, source_framework_id, source_control_code)`,
    ]);
  },
};
