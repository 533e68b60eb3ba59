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

/** Words that stay in capitals when a value is humanized (`OSCAL`, not `Oscal`). */
const ACRONYMS = new Set(['oscal', 'api', 'mcp', 'rest', 'cli', 'url', 'iso', 'nist', 'soc', 'gdpr']);

/** `IN_TREATMENT` → `In treatment`, `OSCAL` → `OSCAL`. */
export function humanize(value: string): string {
  const text = value
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/\b[a-z]+\b/g, (word) => (ACRONYMS.has(word) ? word.toUpperCase() : word));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A spec's description as help text for people: field names become their labels
 * (`defaults to inherent_impact` → `defaults to inherent impact`), enum values their labels
 * (`CLOSED sets closed_at` → `Closed sets closed at`), code spans lose their backticks.
 */
export function helpText(text: string): string {
  return text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => name.replace(/_/g, ' '))
    .replace(/\b[A-Z]{3,}(?:_[A-Z]+)*\b/g, (value) =>
      ACRONYMS.has(value.toLowerCase()) ? value : humanize(value),
    );
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
