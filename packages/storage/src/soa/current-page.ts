import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import { invalidInput } from '../errors.js';
import { CURSOR_ERROR, decodeCursor, encodeCursor } from './page.js';
import { currentSoaRows } from './rows.js';
import type { SoaApplicability, SoaControl } from './types.js';

interface Scope {
  db: Db;
  organizationId: string;
  frameworkId: string;
}

/** The framework's controls `c`, each left-joined to its decision `s` (by primary key). */
function controlsWithDecisions(args: Scope) {
  return sql`framework_controls c
    left join soa_controls s on s.organization_id = c.organization_id
      and s.framework_id = c.framework_id and s.control_code = c.code
    where c.organization_id = ${args.organizationId} and c.framework_id = ${args.frameworkId}`;
}

/** The decision of `c` as the SoA shows it (UNDECIDED without a row `s`). */
const APPLICABILITY_SQL = sql`case when s.control_code is null then 'UNDECIDED'
  when s.applicable then 'APPLICABLE' else 'EXCLUDED' end`;

/** The current SoA's control count and controls per decision. */
export interface SoaCounts {
  control_count: number;
  applicability_counts: Record<SoaApplicability, number>;
}

/**
 * One page of the current SoA, filtered by decision only, with the SoA's counts. One statement
 * reads the counts (an aggregate over the framework's controls left-joined to their decisions, no
 * row built), the page's control codes (a keyset scan in document order, position then id, after
 * the cursor's control, the decision filter applied and the page cut by LIMIT) and whether the
 * cursor's control exists; then rows (readiness, measures) are computed for the page's controls
 * alone. What pageRows does over every row, for a page's cost. A status filter needs every
 * control's readiness: that read stays with pageRows.
 */
export async function currentPage(
  args: Scope & {
    today: string;
    applicability: readonly SoaApplicability[] | undefined;
    pageSize: number;
    cursor: string | undefined;
  },
): Promise<SoaCounts & { controls: SoaControl[]; next_cursor: string | null }> {
  const { db, organizationId, frameworkId } = args;
  const after = args.cursor === undefined ? undefined : decodeCursor(args.cursor, null);
  const cursorControl = sql`(select a.position, a.id from framework_controls a
    where a.organization_id = ${organizationId} and a.framework_id = ${frameworkId} and a.code = ${after ?? null})`;
  const afterCursor = after === undefined ? sql`` : sql`and (c.position, c.id) > ${cursorControl}`;
  const decided = args.applicability
    ? sql`and ${APPLICABILITY_SQL} = any(${[...args.applicability]}::text[])`
    : sql``;
  const { rows } = await sql<
    Record<SoaApplicability, string | number> & { codes: string[]; cursor_found: boolean }
  >`select counts.*,
      (select coalesce(array_agg(p.code order by p.position, p.id), '{}') from (
        select c.code, c.position, c.id from ${controlsWithDecisions(args)} ${afterCursor} ${decided}
        order by c.position, c.id limit ${args.pageSize + 1}) p) as codes,
      ${after === undefined ? sql`true` : sql`exists ${cursorControl}`} as cursor_found
    from (select count(*) filter (where s.applicable) as "APPLICABLE",
        count(*) filter (where not s.applicable) as "EXCLUDED",
        count(*) filter (where s.control_code is null) as "UNDECIDED"
      from ${controlsWithDecisions(args)}) counts`.execute(db);
  const row = rows[0];
  if (!row?.cursor_found) throw invalidInput('cursor', `\`cursor\` ${CURSOR_ERROR}`);
  const counts = {
    APPLICABLE: Number(row.APPLICABLE),
    EXCLUDED: Number(row.EXCLUDED),
    UNDECIDED: Number(row.UNDECIDED),
  };
  const codes = row.codes.slice(0, args.pageSize);
  const controls = await currentSoaRows({ db, organizationId, frameworkId, today: args.today, codes });
  const last = controls.at(-1);
  return {
    control_count: counts.APPLICABLE + counts.EXCLUDED + counts.UNDECIDED,
    applicability_counts: counts,
    controls,
    next_cursor:
      row.codes.length > args.pageSize && last ? encodeCursor({ code: last.code, version: null }) : null,
  };
}
