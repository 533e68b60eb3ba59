import { sql } from 'kysely';
import { toDateString } from '../dates.js';
import type { Database } from '../db/types.js';
import { newId } from '../ids.js';
import type { Storage } from '../storage.js';
import {
  acceptanceRow,
  auditRow,
  measureRow,
  nonconformityRow,
  obligationRow,
  type RowContext,
  riskRow,
  vendorRow,
} from './bulk-rows.js';

/** Per-organization row counts of seedBulk. */
export interface BulkCounts {
  risks: number;
  vendors?: number | undefined;
  measures?: number | undefined;
  obligations?: number | undefined;
  nonconformities?: number | undefined;
  audits?: number | undefined;
}

type BulkTable = keyof Required<BulkCounts> & keyof Database;
const GENERATORS: Record<BulkTable, (c: RowContext) => object> = {
  risks: riskRow,
  vendors: vendorRow,
  measures: measureRow,
  obligations: obligationRow,
  nonconformities: nonconformityRow,
  audits: auditRow,
};

const BATCH_SIZE = 1000;

/** The acceptance records of a batch's ACCEPTED risks (a risk is ACCEPTED only through one). */
function acceptancesOf(args: { rows: object[]; context: Omit<RowContext, 'n'>; owner: Owner }) {
  return (args.rows as { id: string; status?: string }[])
    .filter((row) => row.status === 'ACCEPTED')
    .map((row) => acceptanceRow({ c: args.context, riskId: row.id, owner: args.owner }));
}

type Owner = { id: string; email: string };

/** Inserts `count` generated rows of `table`; returns how many rows it wrote (acceptances too). */
async function insertTable(args: {
  storage: Storage;
  table: BulkTable;
  count: number;
  context: Omit<RowContext, 'n'>;
  owner: Owner;
}): Promise<number> {
  const generate = GENERATORS[args.table];
  // Two statements in flight keep PostgreSQL busy while Node builds the next batch; PGlite has
  // one connection, so more would only queue.
  const inFlight = args.storage.driver === 'postgres' ? 2 : 1;
  const pending = new Set<Promise<void>>();
  let written = 0;
  for (let start = 0; start < args.count; start += BATCH_SIZE) {
    const rows = [];
    for (let n = start; n < Math.min(args.count, start + BATCH_SIZE); n++) {
      rows.push(generate({ ...args.context, n }));
    }
    const acceptances =
      args.table === 'risks' ? acceptancesOf({ rows, context: args.context, owner: args.owner }) : [];
    written += rows.length + acceptances.length;
    const db = args.storage.db;
    const insert = db
      .insertInto(args.table)
      .values(rows as never)
      .execute()
      .then(() => (acceptances.length ? db.insertInto('risk_acceptances').values(acceptances).execute() : []))
      .then(() => {
        pending.delete(insert);
      });
    pending.add(insert);
    if (pending.size >= inFlight) await Promise.race(pending);
  }
  await Promise.all(pending);
  return written;
}

/**
 * Bulk benchmark data: `orgs` new organizations owned by `ownerUserId`, each with the given
 * number of risks, vendors, measures, obligations, nonconformities and audits (counts are PER
 * organization). Rows are valid for every constraint and inserted with multi-row INSERTs of
 * 1,000 rows through Kysely, bypassing the repositories: there are NO audit-log entries and no
 * idempotency keys for bulk data, and it is not atomic (a failure leaves the batches already
 * written). An ACCEPTED risk gets its acceptance record (by the owner, for a year): bulk data
 * follows the rule every writer follows. Returns the organization ids and the number of rows
 * inserted (all tables, acceptances included).
 * The filled tables are analyzed at the end: the planner's statistics would otherwise describe
 * the tables as they were before the seed until autovacuum next comes by (a minute or more on
 * PostgreSQL, never on PGlite without its statistics keeper), and plans made from them read every
 * row of an organization where an index would read a page.
 */
export async function seedBulk(
  args: { storage: Storage; ownerUserId: string; orgs: number; now?: Date } & BulkCounts,
): Promise<{ organizationIds: string[]; rows: number }> {
  const now = args.now ?? new Date();
  const context = { today: toDateString(now), now: now.toISOString() };
  const organizationIds: string[] = [];
  const owner = await args.storage.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', args.ownerUserId)
    .executeTakeFirstOrThrow();
  let rows = 0;
  for (let index = 0; index < args.orgs; index++) {
    const organizationId = newId('organization');
    await args.storage.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('organizations')
        .values({
          id: organizationId,
          name: `Bench organization ${index + 1}`,
          description: 'Bulk benchmark data from `comply seed`.',
          created_at: context.now,
          updated_at: context.now,
        })
        .execute();
      await trx
        .insertInto('memberships')
        .values({
          id: newId('membership'),
          organization_id: organizationId,
          user_id: args.ownerUserId,
          role: 'OWNER',
          created_at: context.now,
          updated_at: context.now,
        })
        .execute();
    });
    rows += 2;
    for (const table of Object.keys(GENERATORS) as BulkTable[]) {
      const count = args[table] ?? 0;
      if (count <= 0) continue;
      rows += await insertTable({
        storage: args.storage,
        table,
        count,
        context: { ...context, organizationId },
        owner,
      });
    }
    organizationIds.push(organizationId);
  }
  const filled = (Object.keys(GENERATORS) as BulkTable[]).filter((table) => (args[table] ?? 0) > 0);
  // risk_counts is kept by a trigger on risks.
  for (const table of filled.includes('risks') ? [...filled, 'risk_counts'] : filled) {
    await sql`analyze ${sql.table(table)}`.execute(args.storage.db);
  }
  return { organizationIds, rows };
}
