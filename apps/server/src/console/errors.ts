import type { ErrorCode } from '@comply/schemas';
import { ToolError } from '../core/errors.js';

/**
 * The console's `{error: {code, message, field?}}` answer with the code's status, to throw; the
 * app's one error handler (http/errors.ts) renders it, with `field_issues` on console routes.
 */
export function consoleError({
  code,
  message,
  field,
}: {
  code: ErrorCode;
  message: string;
  field?: string;
}): ToolError {
  return new ToolError({ code, message, field });
}
