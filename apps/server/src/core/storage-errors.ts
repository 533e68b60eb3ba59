import { StorageError } from '@comply/storage';
import { ToolError } from './errors.js';

/** Storage speaks the same error codes as the tools; this carries them across unchanged. */
export function fromStorageError(error: unknown): ToolError | undefined {
  if (!(error instanceof StorageError)) return undefined;
  return new ToolError({ code: error.code, message: error.message, field: error.field });
}
