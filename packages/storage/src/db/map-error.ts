import { ENUM_COLUMNS } from '../enums.js';
import { StorageError } from '../errors.js';

interface PgErrorFields {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

/** Field named by a constraint `<table>_<field>_<suffix>` (the names our migrations give). */
function fieldOf(error: PgErrorFields, suffix: string): string | undefined {
  const { constraint, table } = error;
  if (!constraint) return error.column;
  let name = constraint;
  if (table && name.startsWith(`${table}_`)) name = name.slice(table.length + 1);
  return name.endsWith(`_${suffix}`) ? name.slice(0, -(suffix.length + 1)) : name;
}

function isConnectionFailure(error: unknown, code: string | undefined): boolean {
  if (code && (CONNECTION_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P03')) {
    return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

/** Turns a driver error into a StorageError without leaking SQL; unknown errors pass through. */
export function mapDbError(error: unknown): unknown {
  if (error instanceof StorageError || typeof error !== 'object' || error === null) return error;
  const pg = error as PgErrorFields;
  const code = pg.code;
  if (isConnectionFailure(error, code)) {
    return new StorageError({ code: 'UNAVAILABLE', message: 'The database is not reachable.', cause: error });
  }
  switch (code) {
    case '23505': {
      const field = fieldOf(pg, 'key');
      return new StorageError({
        code: 'CONFLICT',
        message: `Another record in this organization already has this \`${field}\`.`,
        field,
        cause: error,
      });
    }
    case '23514': {
      const field = fieldOf(pg, 'check');
      const allowed = ENUM_COLUMNS[`${pg.table}.${field}`];
      const message = allowed
        ? `\`${field}\` must be one of ${allowed.join(', ')}.`
        : `\`${field}\` is outside the allowed range.`;
      return new StorageError({ code: 'INVALID_INPUT', message, field, cause: error });
    }
    case '23503': {
      const field = fieldOf(pg, 'fkey');
      return new StorageError({
        code: 'INVALID_INPUT',
        message: `\`${field}\` refers to a record that does not exist in this organization.`,
        field,
        cause: error,
      });
    }
    case '23502':
      return new StorageError({
        code: 'INVALID_INPUT',
        message: `\`${pg.column}\` is required.`,
        field: pg.column,
        cause: error,
      });
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return new StorageError({
        code: 'INVALID_INPUT',
        message: 'A value has the wrong format or is out of range.',
        cause: error,
      });
    default:
      return error;
  }
}
