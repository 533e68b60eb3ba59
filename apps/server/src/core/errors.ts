import { type ErrorCode, errorStatus } from '@comply/schemas';

/** A failure the caller can act on: its code, a sentence saying what to change, and the field at fault. */
export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor({ code, message, field }: { code: ErrorCode; message: string; field?: string | undefined }) {
    super(message);
    this.name = 'ToolError';
    this.code = code;
    this.field = field;
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
