import { type ErrorCode, errorStatus } from '@comply/schemas';
import type { FieldIssue } from '@comply/schemas/forms';

/** A failure the caller can act on: its code, a sentence saying what to change, and the field at fault. */
export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /** Each field at fault, in a form's terms; only the console's API sends them (`field_issues`). */
  readonly issues: readonly FieldIssue[];

  constructor({
    code,
    message,
    field,
    issues,
  }: {
    code: ErrorCode;
    message: string;
    field?: string | undefined;
    issues?: readonly FieldIssue[] | undefined;
  }) {
    super(message);
    this.name = 'ToolError';
    this.code = code;
    this.field = field;
    this.issues = issues ?? [];
  }

  /** The HTTP status the REST path answers with. */
  get status(): number {
    return errorStatus[this.code];
  }
}

/** The JSON both transports send for a failure: `{ error: { code, message, field? } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

/** Serializes a ToolError; anything else becomes an INTERNAL error without internals. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof ToolError) {
    return {
      error: {
        code: error.code,
        message: error.message,
        ...(error.field !== undefined && { field: error.field }),
      },
    };
  }
  return {
    error: { code: 'INTERNAL', message: 'An internal error occurred. It has been logged; try again later.' },
  };
}
