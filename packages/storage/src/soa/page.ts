import { invalidInput } from '../errors.js';
import type { SoaApplicability, SoaControl, SoaFilters } from './types.js';

/** The applicability values, in the order counts list them. */
export const SOA_APPLICABILITY: readonly SoaApplicability[] = ['APPLICABLE', 'EXCLUDED', 'UNDECIDED'];

/** Controls per decision. */
export function applicabilityCounts(rows: readonly SoaControl[]): Record<SoaApplicability, number> {
  const counts = { APPLICABLE: 0, EXCLUDED: 0, UNDECIDED: 0 };
  for (const row of rows) counts[row.applicability] += 1;
  return counts;
}

export const CURSOR_ERROR = 'is not a cursor of this Statement of Applicability; pass next_cursor unchanged.';

/** The cursor after `code` of `version` (null: the current SoA): opaque, base64url JSON. */
export function encodeCursor(args: { code: string; version: number | null }): string {
  return Buffer.from(JSON.stringify({ a: args.code, v: args.version })).toString('base64url');
}

/** The control code a cursor of `version` (null: the current SoA) is after; INVALID_INPUT otherwise. */
export function decodeCursor(cursor: string, version: number | null): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      a?: unknown;
      v?: unknown;
    };
    if (typeof parsed.a === 'string' && parsed.v === version) return parsed.a;
  } catch {
    // Falls through to the error below.
  }
  throw invalidInput('cursor', `\`cursor\` ${CURSOR_ERROR}`);
}

/**
 * Filters the rows (in document order) and cuts the page after the cursor's control. Controls are
 * never removed from a framework and a snapshot never changes, so a code is a stable position.
 */
export function pageRows(args: {
  rows: readonly SoaControl[];
  filters: SoaFilters;
  pageSize: number;
  cursor: string | undefined;
  version: number | null;
}): { controls: SoaControl[]; next_cursor: string | null; total_count: number } {
  const { applicability, status } = args.filters;
  const matching = args.rows.filter(
    (row) =>
      (!applicability || applicability.includes(row.applicability)) &&
      (!status || status.includes(row.status)),
  );
  let start = 0;
  if (args.cursor !== undefined) {
    const after = decodeCursor(args.cursor, args.version);
    const position = args.rows.findIndex((row) => row.code === after);
    if (position < 0) throw invalidInput('cursor', `\`cursor\` ${CURSOR_ERROR}`);
    const order = new Map(args.rows.map((row, i) => [row.code, i]));
    start = matching.findIndex((row) => (order.get(row.code) ?? 0) > position);
    if (start < 0) start = matching.length;
  }
  const controls = matching.slice(start, start + args.pageSize);
  const last = controls.at(-1);
  const more = start + controls.length < matching.length;
  return {
    controls,
    next_cursor: more && last ? encodeCursor({ code: last.code, version: args.version }) : null,
    total_count: matching.length,
  };
}
