import type { Db } from '../db/types.js';
import { readinessRows } from '../reports/readiness-rows.js';
import type { SoaControl } from './types.js';

/**
 * Every control of a framework (or only those of `codes`) as a Statement of Applicability row, in
 * document order: its decision (UNDECIDED without one), and its status, gap reasons and measures
 * from readinessRows, so the SoA and getAuditReadiness never disagree. A control's row depends on
 * its own decision and measures only, so a page's rows equal the same controls' rows of the whole.
 */
export async function currentSoaRows(args: {
  db: Db;
  organizationId: string;
  frameworkId: string;
  today: string;
  codes?: readonly string[];
}): Promise<SoaControl[]> {
  const { controls, measures } = await readinessRows(args);
  const byCode = new Map<string, SoaControl['measures']>();
  for (const m of measures) {
    for (const code of m.control_codes) {
      const list = byCode.get(code) ?? [];
      list.push({ id: m.id, name: m.name, state: m.state });
      byCode.set(code, list);
    }
  }
  return controls.map((c) => ({
    code: c.code,
    title: c.title,
    family: c.family,
    applicability: c.soa === null ? 'UNDECIDED' : c.soa.applicable ? 'APPLICABLE' : 'EXCLUDED',
    justification: c.soa?.justification ?? null,
    status: c.state,
    gap_reasons: c.gap_reasons,
    measures: byCode.get(c.code) ?? [],
    owner: c.soa?.owner ?? null,
    last_reviewed_at: c.soa ? new Date(c.soa.reviewed_at).toISOString() : null,
  }));
}
