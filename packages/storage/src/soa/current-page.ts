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

/**
 * The current SoA's control count and controls per decision: one aggregate over the framework's
 * controls and their decisions, no row built.
 */
export async function currentCounts(
  args: Scope,
): Promise<{ control_count: number; applicability_counts: Record<SoaApplicability, number> }> {
  const { rows } = await sql<Record<SoaApplicability, string | number>>`
    select count(*) filter (where s.applicable) as "APPLICABLE",
      count(*) filter (where not s.applicable) as "EXCLUDED",
      count(*) filter (where s.control_code is null) as "UNDECIDED"
    from ${controlsWithDecisions(args)}`.execute(args.db);
  const counts = {
    APPLICABLE: Number(rows[0]?.APPLICABLE ?? 0),
    EXCLUDED: Number(rows[0]?.EXCLUDED ?? 0),
    UNDECIDED: Number(rows[0]?.UNDECIDED ?? 0),
  };
  return {
    control_count: counts.APPLICABLE + counts.EXCLUDED + counts.UNDECIDED,
    applicability_counts: counts,
  };
}

/**
 * One page of the current SoA, filtered by decision only: a keyset scan of the framework's
 * controls in document order (position, id) after the cursor's control, cut at the page size in
 * SQL, and rows (readiness, measures) computed for the page's controls alone. What pageRows does
 * over every row, for a page's cost. A status filter needs every control's readiness: that read
 * stays with pageRows.
 */
export async function currentPage(
  args: Scope & {
    today: string;
    applicability: readonly SoaApplicability[] | undefined;
    pageSize: number;
    cursor: string | undefined;
  },
): Promise<{ controls: SoaControl[]; next_cursor: string | null }> {
  const { db, organizationId, frameworkId } = args;
  const after = args.cursor === undefined ? undefined : decodeCursor(args.cursor, null);
  const afterCursor =
    after === undefined
      ? sql``
      : sql`and (c.position, c.id) > (select a.position, a.id from framework_controls a
          where a.organization_id = ${organizationId} and a.framework_id = ${frameworkId}
            and a.code = ${after})`;
  const decided = args.applicability
    ? sql`and ${APPLICABILITY_SQL} = any(${[...args.applicability]}::text[])`
    : sql``;
  const [page, cursorControl] = await Promise.all([
    sql<{ code: string }>`select c.code from ${controlsWithDecisions(args)} ${afterCursor} ${decided}
      order by c.position, c.id limit ${args.pageSize + 1}`.execute(db),
    after === undefined
      ? undefined
      : db
          .selectFrom('framework_controls')
          .select('code')
          .where('organization_id', '=', organizationId)
          .where('framework_id', '=', frameworkId)
          .where('code', '=', after)
          .executeTakeFirst(),
  ]);
  if (after !== undefined && !cursorControl) throw invalidInput('cursor', `\`cursor\` ${CURSOR_ERROR}`);
  const codes = page.rows.slice(0, args.pageSize).map((row) => row.code);
  const controls = await currentSoaRows({ db, organizationId, frameworkId, today: args.today, codes });
  const last = controls.at(-1);
  return {
    controls,
    next_cursor:
      page.rows.length > args.pageSize && last ? encodeCursor({ code: last.code, version: null }) : null,
  };
}
