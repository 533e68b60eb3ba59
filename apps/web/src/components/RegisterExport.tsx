import { toQuery } from '../api.js';

/** The CSV and XLSX links of a console export route `base`, as a labelled group. */
function ExportFormats({
  base,
  query,
  label,
  groupLabel,
}: {
  base: string;
  query: string;
  label: string;
  groupLabel: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two links, not a form's fieldset
    <div className="export-links" role="group" aria-label={groupLabel}>
      <span className="hint">{label}</span>
      <a className="button secondary" href={`${base}/csv${query}`} download>
        CSV
      </a>
      <a className="button secondary" href={`${base}/xlsx${query}`} download>
        XLSX
      </a>
    </div>
  );
}

/**
 * The register view's export: the same filters and order as the table, every page of it, as CSV or
 * XLSX (the console's export route answers with an attachment).
 */
export function RegisterExport({
  organizationId,
  register,
  filters,
}: {
  organizationId: string;
  register: string;
  filters: Record<string, string>;
}) {
  return (
    <ExportFormats
      base={`/api/console/orgs/${organizationId}/registers/${register}/export`}
      query={toQuery(filters)}
      label="Export"
      groupLabel="Export"
    />
  );
}

/**
 * An auditor's file (the Statement of Applicability, the risk treatment plan) as CSV or XLSX, from
 * the console's export route `/orgs/{id}/exports/{file}/{format}`.
 */
export function FileExport({
  organizationId,
  file,
  label,
  params = {},
}: {
  organizationId: string;
  file: 'statement-of-applicability' | 'risk-treatment-plan';
  label: string;
  params?: Record<string, string | undefined>;
}) {
  return (
    <ExportFormats
      base={`/api/console/orgs/${organizationId}/exports/${file}`}
      query={toQuery(params)}
      label={label}
      groupLabel={`Export the ${label.toLowerCase()}`}
    />
  );
}
