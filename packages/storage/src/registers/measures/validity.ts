import { type RawBuilder, sql } from 'kysely';

/**
 * The one definition of a piece of evidence's validity, over an `evidence` row aliased `e`:
 * its own valid_until, else the UTC day it was collected plus its organization's
 * evidence_validity_months (evidence written before migration 015 has none, so it follows the
 * setting). Evidence is current through valid_until and expired from the next day (UTC).
 */
export function validUntilSql(alias = 'e'): RawBuilder<string> {
  const e = sql.raw(alias);
  return sql<string>`coalesce(${e}.valid_until, ((${e}.collected_at at time zone 'UTC')::date
    + make_interval(months => (select o.evidence_validity_months from organizations o
        where o.id = ${e}.organization_id)))::date)`;
}

/** Text of validUntilSql as `YYYY-MM-DD` (jsonb would otherwise carry it as a date string anyway). */
export function validUntilTextSql(alias = 'e'): RawBuilder<string> {
  return sql<string>`to_char(${validUntilSql(alias)}, 'YYYY-MM-DD')`;
}
