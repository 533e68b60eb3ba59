import type { FastifyReply } from 'fastify';
import { toCsv } from './csv.js';
import type { ExportFormat, ExportTable } from './table.js';
import { toXlsx } from './xlsx.js';

const MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `Vendors` on 2026-05-01 → `vendors-2026-05-01.csv` (letters, digits and dashes only). */
export function exportFileName({
  title,
  format,
  now = new Date(),
}: {
  title: string;
  format: ExportFormat;
  now?: Date;
}) {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export';
  return `${base}-${now.toISOString().slice(0, 10)}.${format}`;
}

/** Sends the table as a download in the asked format. */
export async function sendExport({
  reply,
  table,
  format,
}: {
  reply: FastifyReply;
  table: ExportTable;
  format: ExportFormat;
}) {
  const body = format === 'csv' ? toCsv(table) : await toXlsx(table);
  return reply
    .code(200)
    .header('content-type', MEDIA_TYPES[format])
    .header('content-disposition', `attachment; filename="${exportFileName({ title: table.title, format })}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
