import { type RegisterName, registers, type ToolName, tools } from '@comply/schemas';
import type { FastifyReply } from 'fastify';
import { queryToInput } from '../console/query-params.js';
import { ToolError } from '../core/errors.js';
import { sendExport } from './send.js';
import {
  EXPORT_FORMATS,
  type ExportCellType,
  type ExportColumn,
  type ExportFormat,
  type ExportTable,
} from './table.js';

/** The most rows one export carries (100 list pages); past it the export is refused. */
export const EXPORT_ROW_LIMIT = 10_000;
const PAGE_SIZE = 100;

type SchemaProperty = { type?: string | string[]; enum?: unknown[]; format?: string };

/** `IN_TREATMENT` → `In treatment`, `last_reviewed_at` → `Last reviewed at` (as the console shows them). */
export function label(value: string): string {
  const text = value.replace(/_/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `csv` or `xlsx`, else INVALID_INPUT naming the allowed values. */
export function exportFormat(value: string | undefined): ExportFormat {
  if (EXPORT_FORMATS.includes(value as ExportFormat)) return value as ExportFormat;
  throw new ToolError({
    code: 'INVALID_INPUT',
    field: 'format',
    message: `Unknown export format \`${value ?? ''}\`. Formats: ${EXPORT_FORMATS.join(', ')}.`,
  });
}

/** A register's name as given in a URL, else NOT_FOUND listing the registers. */
export function exportRegister(name: string): RegisterName {
  if (Object.hasOwn(registers, name)) return name as RegisterName;
  throw new ToolError({
    code: 'NOT_FOUND',
    field: 'register',
    message: `No register \`${name}\`. Registers: ${Object.keys(registers).join(', ')}.`,
  });
}

/** The list item's JSON Schema properties of a register's list tool. */
function itemProperties(register: RegisterName): Record<string, SchemaProperty> {
  const output = tools[registers[register].tools.list as ToolName].outputJsonSchema as {
    properties?: Record<string, { items?: { properties?: Record<string, SchemaProperty> } }>;
  };
  return output.properties?.[register]?.items?.properties ?? {};
}

function typeOf(property: SchemaProperty | undefined): ExportCellType | 'enum' | 'list' {
  if (!property) return 'number'; // a derived column (coverage) is a percentage
  if (property.enum) return 'enum';
  const types = Array.isArray(property.type) ? property.type : [property.type];
  if (types.includes('array')) return 'list';
  if (property.format === 'date') return 'date';
  if (property.format === 'date-time') return 'datetime';
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  return 'text';
}

/** A derived column's value (`coverage`: covered controls as a percentage of all, rounded). */
function derived(column: string, row: Record<string, unknown>): unknown {
  if (column !== 'coverage') return null;
  const total = Number(row.control_count ?? 0);
  return total > 0 ? Math.round((Number(row.covered_control_count ?? 0) / total) * 100) : null;
}

/**
 * A register view as an export table: the console's columns of that register, in its order, with
 * enum values as their labels (`In treatment`), lists as their count (as the table shows them),
 * dates as dates and numbers as numbers. The record id comes last, for joining back.
 */
export function registerTable({
  register,
  rows,
}: {
  register: RegisterName;
  rows: readonly Record<string, unknown>[];
}): ExportTable {
  const properties = itemProperties(register);
  const shown = registers[register].console.columns as readonly string[];
  const kinds = Object.fromEntries(shown.map((c) => [c, typeOf(properties[c])]));
  const columns: ExportColumn[] = [
    ...shown.map((c) => ({
      key: c,
      header: c === 'coverage' ? 'Coverage (%)' : label(c),
      type: kinds[c] === 'enum' ? 'text' : kinds[c] === 'list' ? 'number' : (kinds[c] as ExportCellType),
    })),
    { key: 'id', header: 'Id', type: 'text' },
  ];
  return {
    title: label(register),
    columns,
    rows: rows.map((row) =>
      Object.fromEntries(
        columns.map(({ key }) => {
          const value = Object.hasOwn(properties, key) ? row[key] : derived(key, row);
          if (kinds[key] === 'enum' && typeof value === 'string') return [key, label(value)];
          if (kinds[key] === 'list' && Array.isArray(value)) return [key, value.length];
          return [key, value];
        }),
      ),
    ),
  };
}

/**
 * Every row of a list, page after page through its cursor, up to EXPORT_ROW_LIMIT (past it the
 * export is refused, asking for a narrower filter, rather than silently cut).
 */
export async function collectRows({
  register,
  input,
  listPage,
}: {
  register: RegisterName;
  /** The list tool's filters and order (no cursor or page size). */
  input: Record<string, unknown>;
  listPage: (input: Record<string, unknown>) => Promise<unknown>;
}): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = (await listPage({
      ...input,
      page_size: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    })) as Record<string, unknown>;
    rows.push(...((page[register] as Record<string, unknown>[] | undefined) ?? []));
    if (rows.length > EXPORT_ROW_LIMIT) {
      throw new ToolError({
        code: 'INVALID_INPUT',
        message: `The export would hold more than ${EXPORT_ROW_LIMIT} rows. Narrow it with filters.`,
      });
    }
    cursor = typeof page.next_cursor === 'string' ? page.next_cursor : undefined;
  } while (cursor);
  return rows;
}

/** The filters of a register export's query: everything but the paging the export does itself. */
export function exportFilters(input: Record<string, unknown>): Record<string, unknown> {
  const { page_size: _size, cursor: _cursor, format: _format, ...rest } = input;
  return rest;
}

/**
 * Answers a register export: the query's filters and order (as the list tool reads them), every
 * page through `listPage` (the caller's way of running the list tool), sent in `format`.
 */
export async function sendRegisterExport({
  reply,
  register,
  format,
  query,
  listPage,
}: {
  reply: FastifyReply;
  register: RegisterName;
  format: ExportFormat;
  query: Record<string, string | string[]>;
  listPage: (name: ToolName, input: Record<string, unknown>) => Promise<unknown>;
}) {
  const name = registers[register].tools.list as ToolName;
  const input = exportFilters(queryToInput({ query, schema: tools[name].inputJsonSchema }));
  const rows = await collectRows({ register, input, listPage: (page) => listPage(name, page) });
  return sendExport({ reply, table: registerTable({ register, rows }), format });
}
