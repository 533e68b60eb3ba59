import type { Risk, SoaControl, ToolName } from '@comply/schemas';
import { ToolError } from '../core/errors.js';
import { collectRows, EXPORT_ROW_LIMIT, label } from './registers.js';
import type { ExportColumn, ExportTable } from './table.js';

/**
 * The two files a certification auditor asks for first, built from the tools' own outputs (so
 * access and scope are those of the tools): the Statement of Applicability of a framework (current
 * or an approved version) and the risk treatment plan. docs/server.md, "Exports".
 */

/** Runs a read tool as the caller (through the tool core, or the console's read path). */
export type RunTool = (name: ToolName, input: Record<string, unknown>) => Promise<unknown>;

const SOA_PAGE = 500;

interface SoaPageOutput {
  framework_id: string;
  version: number | null;
  controls: SoaControl[];
  next_cursor: string | null;
}

/** `?version=3` as a positive integer, else INVALID_INPUT naming `version`. */
export function versionOf(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text === 'string' && /^[1-9]\d{0,5}$/.test(text)) return Number(text);
  throw new ToolError({
    code: 'INVALID_INPUT',
    field: 'version',
    message: `\`version\` must be the number of an approved version (1, 2, …); got \`${String(text)}\`. Omit it for the current SoA.`,
  });
}

/** A query parameter that must be one string. */
export function requiredParam(query: Record<string, unknown>, field: string): string {
  const value = query[field];
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text === 'string' && text.trim()) return text.trim();
  throw new ToolError({
    code: 'INVALID_INPUT',
    field,
    message: `\`${field}\` is required (a ${field} from the API).`,
  });
}

const SOA_COLUMNS: ExportColumn[] = [
  { key: 'code', header: 'Control', type: 'text' },
  { key: 'title', header: 'Title', type: 'text', width: 50 },
  { key: 'family', header: 'Family', type: 'text' },
  { key: 'applicability', header: 'Applicability', type: 'text' },
  { key: 'justification', header: 'Justification', type: 'text', width: 60 },
  { key: 'status', header: 'Implementation status', type: 'text' },
  { key: 'gap_reasons', header: 'Gap reasons', type: 'text' },
  { key: 'measures', header: 'Measures', type: 'text', width: 60 },
  { key: 'measure_count', header: 'Measure count', type: 'number' },
  { key: 'owner', header: 'Owner', type: 'text' },
  { key: 'last_reviewed_at', header: 'Last reviewed', type: 'datetime' },
];

/**
 * The SoA as a table, one row per control of the framework (every page of
 * getStatementOfApplicability), titled with the version it shows.
 */
export async function soaTable(args: {
  run: RunTool;
  organizationId: string;
  frameworkId: string;
  version?: number | undefined;
}): Promise<ExportTable> {
  const rows: SoaControl[] = [];
  let cursor: string | undefined;
  let version: number | null = null;
  do {
    const page = (await args.run('getStatementOfApplicability', {
      organization_id: args.organizationId,
      framework_id: args.frameworkId,
      ...(args.version !== undefined && { version: args.version }),
      page_size: SOA_PAGE,
      ...(cursor && { cursor }),
    })) as SoaPageOutput;
    version = page.version;
    rows.push(...page.controls);
    if (rows.length > EXPORT_ROW_LIMIT) {
      throw new ToolError({
        code: 'INVALID_INPUT',
        message: `The SoA has more than ${EXPORT_ROW_LIMIT} controls.`,
      });
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return {
    title: version === null ? 'Statement of Applicability' : `Statement of Applicability v${version}`,
    columns: SOA_COLUMNS,
    rows: rows.map((row) => ({
      code: row.code,
      title: row.title,
      family: row.family,
      applicability: label(row.applicability),
      justification: row.justification,
      status: label(row.status),
      gap_reasons: row.gap_reasons.map(label),
      measures: row.measures.map((m) => `${m.name} (${label(m.state)})`),
      measure_count: row.measures.length,
      owner: row.owner,
      last_reviewed_at: row.last_reviewed_at,
    })),
  };
}

const PLAN_COLUMNS: ExportColumn[] = [
  { key: 'name', header: 'Risk', type: 'text', width: 45 },
  { key: 'category', header: 'Category', type: 'text' },
  { key: 'owner', header: 'Risk owner', type: 'text' },
  { key: 'status', header: 'Status', type: 'text' },
  { key: 'treatment', header: 'Treatment', type: 'text' },
  { key: 'inherent_score', header: 'Inherent score', type: 'number' },
  { key: 'residual_score', header: 'Residual score', type: 'number' },
  { key: 'mitigation', header: 'Mitigation', type: 'text' },
  { key: 'measures', header: 'Measures', type: 'text', width: 60 },
  { key: 'measure_owners', header: 'Measure owners', type: 'text' },
  { key: 'measures_open', header: 'Measures not implemented', type: 'number' },
  { key: 'review_date', header: 'Review date', type: 'date' },
  { key: 'accepted_by', header: 'Accepted by', type: 'text' },
  { key: 'accepted_at', header: 'Accepted at', type: 'datetime' },
  { key: 'acceptance_expires_on', header: 'Acceptance expires', type: 'date' },
  { key: 'acceptance_state', header: 'Acceptance', type: 'text' },
  { key: 'acceptance_conditions', header: 'Acceptance conditions', type: 'text', width: 50 },
  { key: 'id', header: 'Id', type: 'text' },
];

interface MeasureRow {
  id: string;
  name: string;
  owner: string | null;
  state: string;
}

/**
 * The risk treatment plan: every risk (listRisks' order: highest residual score first) with its
 * treatment, its measures (name, state, owner), review date and its current acceptance.
 */
export async function treatmentPlanTable(args: {
  run: RunTool;
  organizationId: string;
}): Promise<ExportTable> {
  const input = { organization_id: args.organizationId };
  const [risks, measures] = await Promise.all([
    collectRows({ register: 'risks', input, listPage: (page) => args.run('listRisks', page) }),
    collectRows({ register: 'measures', input, listPage: (page) => args.run('listMeasures', page) }),
  ]);
  const byId = new Map((measures as unknown as MeasureRow[]).map((m) => [m.id, m]));
  return {
    title: 'Risk treatment plan',
    columns: PLAN_COLUMNS,
    rows: (risks as unknown as Risk[]).map((risk) => {
      const linked = risk.measure_ids.flatMap((id) => byId.get(id) ?? []);
      const current = risk.acceptances[0];
      const acceptance = current && current.state !== 'SUPERSEDED' ? current : undefined;
      return {
        name: risk.name,
        category: risk.category,
        owner: risk.owner,
        status: label(risk.status),
        treatment: risk.treatment ? label(risk.treatment) : null,
        inherent_score: risk.inherent_score,
        residual_score: risk.residual_score,
        mitigation: label(risk.mitigation.status),
        measures: linked.map((m) => `${m.name} (${label(m.state)})`),
        measure_owners: [...new Set(linked.flatMap((m) => m.owner ?? []))],
        measures_open: linked.filter((m) => m.state !== 'IMPLEMENTED' && m.state !== 'NOT_APPLICABLE').length,
        review_date: risk.review_date,
        accepted_by: acceptance?.accepted_by ?? null,
        accepted_at: acceptance?.accepted_at ?? null,
        acceptance_expires_on: acceptance?.expires_on ?? null,
        acceptance_state: acceptance ? label(acceptance.state) : null,
        acceptance_conditions: acceptance?.conditions ?? null,
        id: risk.id,
      };
    }),
  };
}
