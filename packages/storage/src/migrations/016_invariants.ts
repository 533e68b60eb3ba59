import { type RawBuilder, sql, type Transaction } from 'kysely';
import { appendAudit } from '../audit/append.js';
import type { Database } from '../db/types.js';
import { AUDIT_SOURCES } from '../enums.js';
import { type Migration, oneOf } from './types.js';

/** The audit-log action of every entry this migration writes. */
export const INVARIANTS_MIGRATION_ACTION = 'enforceInvariants';

/** One repair: the rows of `table` that break an invariant (`broken`) and the columns that fix them. */
interface Repair {
  table: 'risks' | 'nonconformities';
  recordType: 'risk' | 'nonconformity';
  broken: RawBuilder<unknown>;
  fix: RawBuilder<unknown>;
}

// Each repair keeps the record's own decision and never lowers a risk figure (docs/data-model.md,
// "Invariants"). Later repairs see the earlier ones' results.
const REPAIRS: Repair[] = [
  {
    // The status is the recorded decision: an ACCEPTED risk is treated by acceptance.
    table: 'risks',
    recordType: 'risk',
    broken: sql`t.status = 'ACCEPTED' and t.treatment is distinct from 'ACCEPT'`,
    fix: sql`treatment = 'ACCEPT'`,
  },
  {
    // An accepted risk still exists: it becomes ACCEPTED again, back in the high-priority lists.
    table: 'risks',
    recordType: 'risk',
    broken: sql`t.status = 'CLOSED' and t.treatment = 'ACCEPT'`,
    fix: sql`status = 'ACCEPTED'`,
  },
  {
    // The residual assessment stands; the inherent one is raised to it, never the residual lowered.
    table: 'risks',
    recordType: 'risk',
    broken: sql`t.residual_likelihood * t.residual_impact > t.inherent_likelihood * t.inherent_impact`,
    fix: sql`inherent_likelihood = greatest(t.inherent_likelihood, t.residual_likelihood),
      inherent_impact = greatest(t.inherent_impact, t.residual_impact)`,
  },
  {
    // Not closed until its cause and correction are recorded: reopened as IN_PROGRESS.
    table: 'nonconformities',
    recordType: 'nonconformity',
    broken: sql`t.status = 'CLOSED' and (coalesce(btrim(t.root_cause), '') = ''
      or coalesce(btrim(t.corrective_action), '') = '')`,
    fix: sql`status = 'IN_PROGRESS', closed_at = null`,
  },
  {
    table: 'nonconformities',
    recordType: 'nonconformity',
    broken: sql`t.status = 'CLOSED' and t.closed_at is null`,
    fix: sql`closed_at = t.updated_at`,
  },
];

/** Applies one repair and appends an audit entry per changed row (source `migration`). */
async function applyRepair(args: { trx: Transaction<Database>; repair: Repair; at: Date }): Promise<number> {
  const { trx, repair, at } = args;
  const table = sql.table(repair.table);
  const { rows } = await sql<{ id: string; organization_id: string; before: unknown; after: unknown }>`
    with old as (select t.id, t.organization_id, to_jsonb(t) as before from ${table} t where ${repair.broken}
      for update),
    changed as (update ${table} t set ${repair.fix}, updated_at = ${at.toISOString()}::timestamptz
      from old where t.id = old.id returning t.id, to_jsonb(t) as after)
    select old.id, old.organization_id, old.before, changed.after from old join changed on changed.id = old.id
    order by old.id`.execute(trx);
  for (const row of rows) {
    await appendAudit({
      trx,
      organizationId: row.organization_id,
      actor: { userId: null, tokenId: null, source: 'migration', action: INVARIANTS_MIGRATION_ACTION },
      recordType: repair.recordType,
      recordId: row.id,
      before: row.before,
      after: row.after,
      at,
    });
  }
  return rows.length;
}

/**
 * Brings rows written before the invariants were enforced into line with them (see REPAIRS), and
 * lets the audit log name a migration as the source of a change: every changed row gets an entry
 * with source `migration`, action `enforceInvariants`, and the row before and after.
 */
export const invariants: Migration = {
  version: 16,
  name: 'invariants',
  up: async (trx) => {
    await sql`alter table audit_log drop constraint audit_log_source_check`.execute(trx);
    await sql`alter table audit_log add constraint audit_log_source_check
      check (source in ${oneOf(AUDIT_SOURCES)})`.execute(trx);
    const at = new Date();
    for (const repair of REPAIRS) await applyRepair({ trx, repair, at });
  },
};
