import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/types.js';
import { invalidInput } from '../errors.js';
import type { RegisterTable } from './kit.js';

/**
 * Checks that every id is a record of `table` in the organization; otherwise INVALID_INPUT on
 * `field`. An id from another organization is reported exactly like an unknown one.
 */
export async function checkRefs(args: {
  trx: Transaction<Database>;
  table: RegisterTable;
  organizationId: string;
  ids: readonly string[];
  field: string;
}): Promise<void> {
  const ids = [...new Set(args.ids)];
  if (ids.length === 0) return;
  const found = await args.trx
    .selectFrom(args.table)
    .select('id')
    .where('organization_id', '=', args.organizationId)
    .where('id', 'in', ids)
    .execute();
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw invalidInput(
      args.field,
      `\`${args.field}\` has ids that are not ${args.table} of this organization: ${missing.join(', ')}.`,
    );
  }
}

/** Whether `id` is a record of `table` in the organization; one of another organization is not. */
export async function isRecordOf(args: {
  db: Db;
  table: RegisterTable;
  organizationId: string;
  id: string;
}): Promise<boolean> {
  const found = await args.db
    .selectFrom(args.table)
    .select('id')
    .where('organization_id', '=', args.organizationId)
    .where('id', '=', args.id)
    .executeTakeFirst();
  return found !== undefined;
}

/** A link table between two registers, one row per linked pair of one organization. */
type LinkTable = 'risk_measures' | 'risk_assets' | 'evidence_measures';

/**
 * Replaces every link of one record (`from`) in a link table by links to `to.ids`. `fresh`: the
 * record was inserted in this transaction, so it has no links to delete.
 */
export async function replaceLinks(args: {
  trx: Transaction<Database>;
  organizationId: string;
  table: LinkTable;
  from: { column: string; id: string };
  to: { column: string; ids: readonly string[] };
  fresh?: boolean;
}): Promise<void> {
  const { trx, table, from, to } = args;
  if (!args.fresh) {
    await sql`delete from ${sql.table(table)} where ${sql.ref(from.column)} = ${from.id}`.execute(trx);
  }
  const ids = [...new Set(to.ids)];
  if (ids.length === 0) return;
  const rows = ids.map((id) => sql`(${args.organizationId}, ${from.id}, ${id})`);
  await sql`insert into ${sql.table(table)} (organization_id, ${sql.ref(from.column)}, ${sql.ref(to.column)})
    values ${sql.join(rows)}`.execute(trx);
}

/** Replaces the risk↔measure links of one side (a risk's measures or a measure's risks). */
export async function replaceRiskMeasures(args: {
  trx: Transaction<Database>;
  organizationId: string;
  side: { riskId: string; measureIds: readonly string[] } | { measureId: string; riskIds: readonly string[] };
  fresh?: boolean;
}): Promise<void> {
  const { trx, organizationId, side, fresh } = args;
  const [from, to] =
    'riskId' in side
      ? [
          { column: 'risk_id', id: side.riskId },
          { column: 'measure_id', ids: side.measureIds },
        ]
      : [
          { column: 'measure_id', id: side.measureId },
          { column: 'risk_id', ids: side.riskIds },
        ];
  await replaceLinks({ trx, organizationId, table: 'risk_measures', from, to, fresh });
}
