import { cellText, type ExportTable } from './table.js';

/** Characters a spreadsheet reads as the start of a formula (and tab/CR, which some also do). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: a value a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1`, `@SUM`) is
 * prefixed with `'` so it stays text; fields with a quote, comma or line break are quoted (RFC 4180).
 */
export function csvField(value: unknown): string {
  const raw = cellText(value);
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The table as CSV: a header row, CRLF line ends and a UTF-8 byte order mark so that Excel reads
 * accents right. Dates stay ISO 8601 (`2026-05-01`), which every spreadsheet recognizes.
 */
export function toCsv(table: ExportTable): string {
  const lines = [
    table.columns.map((c) => csvField(c.header)).join(','),
    ...table.rows.map((row) => table.columns.map((c) => csvField(row[c.key])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
