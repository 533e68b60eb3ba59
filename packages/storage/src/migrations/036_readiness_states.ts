import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/**
 * The last readiness seen of each framework of an organization with an endpoint subscribed to
 * `readiness.changed` (docs/jobs.md, "Readiness events"): the watch compares what it computes with
 * this row under a row lock and writes the event only when it differs, so instances watching at
 * once emit each change once.
 */
export const readinessStates: Migration = {
  version: 36,
  name: 'readiness_states',
  up: async (trx) => {
    await run(trx, [
      sql`create table readiness_states (
        organization_id text not null references organizations (id),
        framework_id text not null references frameworks (id) on delete cascade,
        summary jsonb,
        computed_at timestamptz not null,
        primary key (organization_id, framework_id))`,
    ]);
  },
};
