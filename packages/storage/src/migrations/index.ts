import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import { accounts } from './001_accounts.js';
import { registers } from './002_registers.js';
import { moreRegisters } from './003_more_registers.js';
import { auditLog } from './004_audit_log.js';
import { riskCounts } from './005_risk_counts.js';
import { changeNotify } from './006_change_notify.js';
import { invitations } from './007_invitations.js';
import { frameworkControls } from './008_framework_controls.js';
import { assets } from './009_assets.js';
import { listIndexes } from './010_list_indexes.js';
import { writePerf } from './011_write_perf.js';
import { frameworkPerf } from './012_framework_perf.js';
import { deferredNotify } from './013_deferred_notify.js';
import { sharedLimits } from './014_shared_limits.js';
import { evidenceValidity } from './015_evidence_validity.js';
import { invariants } from './016_invariants.js';
import { oauth } from './018_oauth.js';
import { identity } from './019_identity.js';
import { sso } from './020_sso.js';
import type { Migration } from './types.js';

/** Every migration, in version order. Append only; never edit one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  accounts,
  registers,
  moreRegisters,
  auditLog,
  riskCounts,
  changeNotify,
  invitations,
  frameworkControls,
  assets,
  listIndexes,
  writePerf,
  frameworkPerf,
  deferredNotify,
  sharedLimits,
  evidenceValidity,
  invariants,
  oauth,
  identity,
  sso,
];

// Any constant works; it only has to be the same for every instance ("comply" in ASCII).
const MIGRATION_LOCK_KEY = 0x636f6d706c79;

/**
 * Applies the pending migrations in ONE transaction under an advisory lock, so concurrent
 * start-ups serialize and a failure leaves the database as it was. Returns the versions applied.
 */
export async function runMigrations(args: {
  db: Db;
  schema?: string | undefined;
  migrations?: readonly Migration[];
}): Promise<number[]> {
  const migrations = args.migrations ?? MIGRATIONS;
  return args.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    if (args.schema) await sql`create schema if not exists ${sql.id(args.schema)}`.execute(trx);
    await sql`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now())`.execute(trx);
    const done = new Set(
      (await trx.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version),
    );
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await migration.up(trx);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
        .execute();
      applied.push(migration.version);
    }
    return applied;
  });
}
