import type { FieldIssue } from '@comply/schemas/forms';
import type { z } from 'zod';
import { fieldIssuesOf } from './field-issues.js';

/** The first problem of a failed parse, as the field path and a sentence that says what is allowed. */
export function describeZodError(error: z.ZodError): { field: string | undefined; message: string } {
  const issue = error.issues[0];
  if (!issue) return { field: undefined, message: 'The input is invalid.' };
  if (issue.code === 'unrecognized_keys') {
    const path = issue.path.map(String);
    const keys = issue.keys.map((key) => [...path, key].join('.'));
    return {
      field: keys[0],
      message: `Unknown field${keys.length > 1 ? 's' : ''} ${keys.map((k) => `\`${k}\``).join(', ')}: remove ${keys.length > 1 ? 'them' : 'it'}; see the tool's input schema for the fields it accepts.`,
    };
  }
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  const message = field ? `\`${field}\`: ${issue.message}` : issue.message;
  return { field, message };
}

/** describeZodError plus every field's problem in a form's terms (see FieldIssue), for a ToolError. */
export function invalidInput({ error, input }: { error: z.ZodError; input: unknown }): {
  field: string | undefined;
  message: string;
  issues: FieldIssue[];
} {
  return { ...describeZodError(error), issues: fieldIssuesOf({ error, input }) };
}
