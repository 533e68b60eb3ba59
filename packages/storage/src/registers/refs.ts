import type { Transaction } from 'kysely';
import type { Database } from '../db/types.js';
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

/** Replaces the risk↔measure links of one side (a risk's measures or a measure's risks). */
export async function replaceRiskMeasures(args: {
  trx: Transaction<Database>;
  organizationId: string;
  side: { riskId: string; measureIds: readonly string[] } | { measureId: string; riskIds: readonly string[] };
}): Promise<void> {
  const { trx, organizationId, side } = args;
  if ('riskId' in side) {
    await trx.deleteFrom('risk_measures').where('risk_id', '=', side.riskId).execute();
    const rows = [...new Set(side.measureIds)].map((measureId) => ({
      organization_id: organizationId,
      risk_id: side.riskId,
      measure_id: measureId,
    }));
    if (rows.length) await trx.insertInto('risk_measures').values(rows).execute();
    return;
  }
  await trx.deleteFrom('risk_measures').where('measure_id', '=', side.measureId).execute();
  const rows = [...new Set(side.riskIds)].map((riskId) => ({
    organization_id: organizationId,
    risk_id: riskId,
    measure_id: side.measureId,
  }));
  if (rows.length) await trx.insertInto('risk_measures').values(rows).execute();
}
