import { ToolError } from '../core/errors.js';
import { requiredParam } from '../export/auditor.js';

/** The most days between a package's first and last day: five years (a SOC 2 Type II period is 3–12 months). */
export const MAX_PERIOD_DAYS = 5 * 366;

/** What a package is asked for: a framework and a period of calendar days (both ends included). */
export interface PackageRequest {
  frameworkId: string;
  period: { start: string; end: string };
}

function dateParam(query: Record<string, unknown>, field: 'period_start' | 'period_end'): string {
  const text = requiredParam(query, field);
  const date = new Date(`${text}T00:00:00.000Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(text) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== text
  ) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field,
      message: `\`${field}\` must be a calendar date, YYYY-MM-DD; got \`${text}\`.`,
    });
  }
  return text;
}

/**
 * `framework_id`, `period_start` and `period_end` of a package request, each checked and named on
 * error: dates in YYYY-MM-DD, the start not after the end, the end at most MAX_PERIOD_DAYS after it.
 */
export function packageRequest(query: Record<string, unknown>): PackageRequest {
  const frameworkId = requiredParam(query, 'framework_id');
  const start = dateParam(query, 'period_start');
  const end = dateParam(query, 'period_end');
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  if (days < 0) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'period_end',
      message: `\`period_end\` (${end}) is before \`period_start\` (${start}).`,
    });
  }
  if (days > MAX_PERIOD_DAYS) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'period_end',
      message: `\`period_end\` may be at most ${MAX_PERIOD_DAYS} days after \`period_start\`; narrow the period.`,
    });
  }
  return { frameworkId, period: { start, end } };
}
