/**
 * A table to export, in the exporter's own terms: typed columns and plain rows. Every export (a
 * register view, the Statement of Applicability…) builds one of these and hands it to `toCsv` or
 * `toXlsx`; neither knows where the rows came from.
 */
export type ExportCellType = 'text' | 'number' | 'date' | 'datetime' | 'boolean';

export interface ExportColumn {
  /** The row property holding the value. */
  key: string;
  /** The header cell. */
  header: string;
  /** How the value is written: dates as real dates in XLSX, numbers as numbers (default text). */
  type?: ExportCellType;
  /** A display width in characters (XLSX); otherwise from the header and the values. */
  width?: number;
}

export type ExportRow = Record<string, unknown>;

export interface ExportTable {
  /** The sheet name (XLSX) and the basis of the file name. */
  title: string;
  columns: readonly ExportColumn[];
  rows: readonly ExportRow[];
}

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/** A date-only value (`2026-05-01`) or a timestamp, as a Date in UTC; anything else undefined. */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A cell as text: arrays joined with "; ", booleans Yes/No, nothing as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
