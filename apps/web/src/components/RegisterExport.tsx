import { toQuery } from '../api.js';

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
  const query = toQuery(filters);
  const base = `/api/console/orgs/${organizationId}/registers/${register}/export`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two links, not a form's fieldset
    <div className="export-links" role="group" aria-label="Export">
      <span className="hint">Export</span>
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
  const query = toQuery(params);
  const base = `/api/console/orgs/${organizationId}/exports/${file}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two links, not a form's fieldset
    <div className="export-links" role="group" aria-label={`Export the ${label.toLowerCase()}`}>
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
