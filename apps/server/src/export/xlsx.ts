import ExcelJS from 'exceljs';
import { cellText, type ExportColumn, type ExportTable, toDate } from './table.js';

const MAX_WIDTH = 60;

/** A cell value of the column's type: Dates for dates, numbers for numbers, text otherwise. */
function cellValue(column: ExportColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'date':
    case 'datetime':
      return toDate(value) ?? cellText(value);
    case 'number':
      return typeof value === 'number' ? value : cellText(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : cellText(value);
    default:
      // Text cells are written as strings, never as formulas: exceljs only writes a formula for
      // a `{ formula }` object, so `=1+1` typed by a user stays the text it is.
      return cellText(value);
  }
}

const NUMBER_FORMATS: Partial<Record<NonNullable<ExportColumn['type']>, string>> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** A sheet name Excel accepts: at most 31 characters, none of `: \ / ? * [ ]`. */
function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export';
}

/**
 * The table as an XLSX workbook: one sheet, a bold frozen header row with an autofilter, dates
 * as dates (formatted yyyy-mm-dd) and numbers as numbers, so the file sorts and filters as data.
 */
export async function toXlsx(table: ExportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Comply';
  const sheet = workbook.addWorksheet(sheetName(table.title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((c) => ({
    key: c.key,
    header: c.header,
    width:
      c.width ??
      Math.min(
        MAX_WIDTH,
        Math.max(c.header.length, ...table.rows.map((r) => cellText(r[c.key]).length), 8) + 2,
      ),
    style: NUMBER_FORMATS[c.type ?? 'text'] ? { numFmt: NUMBER_FORMATS[c.type ?? 'text'] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(Object.fromEntries(table.columns.map((c) => [c.key, cellValue(c, row[c.key])])));
  }
  if (table.columns.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
