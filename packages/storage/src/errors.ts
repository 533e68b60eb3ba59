/** Error codes a repository may raise; the server maps them to HTTP statuses. */
export type StorageErrorCode = 'INVALID_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN' | 'UNAVAILABLE';

/** A storage failure safe to show to a caller: never carries SQL text. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly field: string | undefined;

  constructor(args: { code: StorageErrorCode; message: string; field?: string; cause?: unknown }) {
    super(args.message, args.cause === undefined ? undefined : { cause: args.cause });
    this.name = 'StorageError';
    this.code = args.code;
    this.field = args.field;
  }
}

/** Shorthand for INVALID_INPUT on one field. */
export function invalidInput(field: string, message: string): StorageError {
  return new StorageError({ code: 'INVALID_INPUT', field, message });
}

/** Shorthand for NOT_FOUND; the same answer whether the record is missing or in another organization. */
export function notFound(recordType: string, id: string): StorageError {
  return new StorageError({ code: 'NOT_FOUND', field: 'id', message: `No ${recordType} with id ${id}.` });
}
