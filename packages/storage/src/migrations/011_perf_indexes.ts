import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * getComplianceReport at a million risks (docs/performance.md): its high-priority list is the
 * open risks above a score threshold, highest residual score first, ties by id. This partial index
 * has exactly that order, so the list reads top_n index entries instead of sorting every risk above
 * the threshold. (The counts beside it come from risk_counts.)
 */
export const perfIndexes: Migration = {
  version: 11,
  name: 'perf_indexes',
  up: async (trx) => {
    await run(trx, [
      sql`create index risks_high_priority_idx on risks (organization_id, residual_score desc, id)
        where status <> 'CLOSED'`,
    ]);
  },
};
