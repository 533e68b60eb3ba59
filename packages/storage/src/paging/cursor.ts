import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invalidInput } from '../errors.js';

/** What a cursor is bound to: a cursor is only accepted by the same list of the same organization. */
export interface CursorBinding {
  organizationId: string;
  register: string;
  order: string;
  filtersHash: string;
}

/** The last row of a page: its sort value and id. */
export interface CursorPosition {
  value: string | number | boolean | null;
  id: string;
}

/** What a cursor carries: the position, and total_count as counted on the listing's first page. */
export interface CursorState extends CursorPosition {
  /** Absent in cursors issued before the count was carried: the next page counts again. */
  total?: number | undefined;
  /** total is a search's count limit, not the exact count. */
  lowerBound?: boolean | undefined;
}

interface Payload {
  o: string;
  r: string;
  b: string;
  f: string;
  v: CursorPosition['value'];
  i: string;
  t?: number;
  l?: 1;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** A stable hash of a filter object: key order and undefined keys do not matter. */
export function hashFilters(filters: object): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(filters)))
    .digest('base64url')
    .slice(0, 22);
}

function sign(secret: Buffer, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

/** An opaque, HMAC-signed cursor. */
export function encodeCursor(args: {
  secret: Buffer;
  binding: CursorBinding;
  position: CursorState;
}): string {
  const { binding, position } = args;
  const payload: Payload = {
    o: binding.organizationId,
    r: binding.register,
    b: binding.order,
    f: binding.filtersHash,
    v: position.value,
    i: position.id,
    t: position.total,
    ...(position.lowerBound ? { l: 1 as const } : {}),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(args.secret, body).toString('base64url')}`;
}

const FORGED = 'is not a cursor this server issued; pass the next_cursor of the previous page unchanged.';

/** Verifies a cursor's signature and binding; any mismatch is INVALID_INPUT on `cursor`. */
export function decodeCursor(args: { secret: Buffer; binding: CursorBinding; cursor: string }): CursorState {
  const [body, mac, extra] = args.cursor.split('.');
  if (!body || !mac || extra !== undefined) throw invalidInput('cursor', `\`cursor\` ${FORGED}`);
  const expected = sign(args.secret, body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalidInput('cursor', `\`cursor\` ${FORGED}`);
  }
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    throw invalidInput('cursor', `\`cursor\` ${FORGED}`);
  }
  const { binding } = args;
  if (payload.o !== binding.organizationId || payload.r !== binding.register) {
    throw invalidInput('cursor', '`cursor` belongs to another list; start again without a cursor.');
  }
  if (payload.b !== binding.order || payload.f !== binding.filtersHash) {
    throw invalidInput(
      'cursor',
      '`cursor` was issued for different filters or order_by; repeat the same ones or start again without a cursor.',
    );
  }
  const total = Number.isSafeInteger(payload.t) && (payload.t as number) >= 0 ? payload.t : undefined;
  return { value: payload.v, id: payload.i, total, lowerBound: total !== undefined && payload.l === 1 };
}
