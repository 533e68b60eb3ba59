import type { FieldIssue } from '@comply/schemas/forms';
import type { z } from 'zod';

/** The value at `path` in `input`, or undefined when any step is missing. */
function valueAt({ input, path }: { input: unknown; path: readonly PropertyKey[] }): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const finite = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : undefined;

/** One zod issue in a form's terms (see FieldIssue); a value not given at all is `missing`. */
function fieldIssue({ issue, input }: { issue: z.core.$ZodIssue; input: unknown }): FieldIssue {
  const field = issue.path.map(String).join('.');
  const given = valueAt({ input, path: issue.path });
  if (given === undefined && issue.code !== 'unrecognized_keys') return { field, code: 'missing' };
  switch (issue.code) {
    case 'too_small': {
      const minimum = finite(issue.minimum);
      return { field, code: 'too_small', origin: issue.origin, ...(minimum !== undefined && { minimum }) };
    }
    case 'too_big': {
      const maximum = finite(issue.maximum);
      return { field, code: 'too_big', origin: issue.origin, ...(maximum !== undefined && { maximum }) };
    }
    case 'invalid_value':
      return { field, code: 'invalid_value', values: issue.values.map(String) };
    case 'invalid_format':
      return { field, code: 'invalid_format', format: issue.format };
    case 'invalid_type':
      return { field, code: 'invalid_type' };
    default:
      return { field, code: 'invalid' };
  }
}

/**
 * Every problem of a failed parse of `input`, one per field (the first wins), for the console to
 * word at its field. Issues of the input as a whole (no path) are left to the message.
 */
export function fieldIssuesOf({ error, input }: { error: z.ZodError; input: unknown }): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    if (issue.path.length === 0 || issue.code === 'unrecognized_keys') continue;
    const described = fieldIssue({ issue: issue as z.core.$ZodIssue, input });
    if (seen.has(described.field)) continue;
    seen.add(described.field);
    out.push(described);
  }
  return out;
}
