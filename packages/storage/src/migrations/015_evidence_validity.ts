import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * Readiness an auditor can trust (docs/data-model.md, "Audit readiness"):
 * - `organizations.evidence_validity_months` (default 12): how long evidence stays current when it
 *   names no end of its own;
 * - `measure_evidence.valid_until` (nullable): the last day a piece of evidence is current. Null —
 *   every row written before this migration, and evidence added without one — means collected_at
 *   plus the organization's validity, computed when read, so existing evidence stays valid for a
 *   year after it was collected and follows the setting when it changes;
 * - `measures.applicability_justification` (nullable): why a NOT_APPLICABLE measure's controls are
 *   excluded from readiness. Existing rows have none, so a NOT_APPLICABLE measure stays a gap (as it
 *   counted before) until someone writes down why.
 */
export const evidenceValidity: Migration = {
  version: 15,
  name: 'evidence_validity',
  up: async (trx) => {
    await run(trx, [
      sql`alter table organizations add column evidence_validity_months integer not null default 12
        check (evidence_validity_months between 1 and 120)`,
      sql`alter table measure_evidence add column valid_until date`,
      sql`alter table measures add column applicability_justification text`,
    ]);
  },
};
