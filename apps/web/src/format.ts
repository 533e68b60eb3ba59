/** `2026-05-01T10:00:00Z` → a short local date and time; null → an em dash. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  return new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A date-only value, or an em dash. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  return new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** `IN_TREATMENT` → `In treatment`. */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const MITIGATION_LABELS: Record<string, string> = {
  UNMITIGATED: 'Unmitigated (no measure)',
  PLANNED: 'Not mitigated (no measure implemented yet)',
};

/** A risk's mitigation status as a person reads it: PLANNED is "not mitigated", not partial. */
export function mitigationLabel(status: string): string {
  return MITIGATION_LABELS[status] ?? humanize(status);
}

/** Columns whose values are enums (`IN_TREATMENT` → `In treatment`). */
export const ENUM_COLUMNS: ReadonlySet<string> = new Set([
  'status',
  'state',
  'severity',
  'risk_tier',
  'kind',
  'source',
  'treatment',
  'type',
  'classification',
]);

/** Any cell value as text; enum columns are humanized, free text (an owner called "CISO") is not. */
export function cellText({ value, column }: { value: unknown; column: string }): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return String(value.length);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatTime(value);
  if (typeof value === 'string' && ENUM_COLUMNS.has(column)) return humanize(value);
  return String(value);
}
