import { type RawBuilder, sql } from 'kysely';
import { addDays } from '../dates.js';
import type { MeasureState } from '../enums.js';
import { validUntilSql } from '../registers/measures/validity.js';
import { capped } from './aggregate.js';
import type { ListScope } from './compliance-lists.js';
import type { CappedList, EvidenceDue } from './types.js';

/**
 * Each measure with evidence and the piece valid longest (its evidence is current until then;
 * validity.ts), as a subquery for the two lists below.
 */
function latestEvidence(args: ListScope) {
  return sql`(select distinct on (em.measure_id) em.measure_id, e.id as evidence_id,
        e.title as evidence_title, ${validUntilSql('e')} as valid_until
      from evidence_measures em join evidence e on e.id = em.evidence_id
      where em.organization_id = ${args.organizationId}
      order by em.measure_id, ${validUntilSql('e')} desc, e.id desc) latest`;
}

async function evidenceList(args: ListScope & { where: RawBuilder<unknown> }) {
  const base = sql`from ${latestEvidence(args)} join measures m on m.id = latest.measure_id
    where m.organization_id = ${args.organizationId} and m.archived_at is null and ${args.where}`;
  const [count, rows] = await Promise.all([
    sql<{ count: string }>`select count(*) as count ${base}`.execute(args.db),
    sql<Omit<EvidenceDue, 'state'> & { state: string }>`select m.id as measure_id, m.name as measure_name,
        m.state, latest.evidence_id, latest.evidence_title, to_char(latest.valid_until, 'YYYY-MM-DD') as valid_until
      ${base} order by latest.valid_until, lower(m.name), m.id limit ${args.topN}`.execute(args.db),
  ]);
  const items = rows.rows.map((row) => ({ ...row, state: row.state as MeasureState }));
  return capped({ count: Number(count.rows[0]?.count ?? 0), items });
}

/**
 * The compliance report's `evidence`: measures whose latest evidence expires within `withinDays`
 * (today included), and IMPLEMENTED measures whose evidence has all expired — the measures behind
 * getAuditReadiness's EVIDENCE_EXPIRED.
 */
export async function evidenceDue(
  args: ListScope & { withinDays: number },
): Promise<{ expiring: CappedList<EvidenceDue>; expired: CappedList<EvidenceDue> }> {
  const last = addDays({ date: args.today, days: args.withinDays });
  const [expiring, expired] = await Promise.all([
    evidenceList({
      ...args,
      where: sql`latest.valid_until >= ${args.today}::date and latest.valid_until <= ${last}::date`,
    }),
    evidenceList({
      ...args,
      where: sql`latest.valid_until < ${args.today}::date and m.state = 'IMPLEMENTED'`,
    }),
  ]);
  return { expiring, expired };
}
