import { randomBytes } from 'node:crypto';
import { type RegisterName, registers } from '@comply/schemas/registers';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Id prefixes of the registers' records, by record kind, from the register catalog. */
const REGISTER_PREFIXES = Object.fromEntries(
  Object.values(registers).map((r) => [r.singular, r.idPrefix]),
) as {
  readonly [R in RegisterName as (typeof registers)[R]['singular']]: (typeof registers)[R]['idPrefix'];
};

/** Id prefixes of docs/data-model.md, by record kind: the registers' from the catalog, then the rest. */
export const ID_PREFIXES = {
  organization: 'org',
  user: 'usr',
  token: 'tok',
  ...REGISTER_PREFIXES,
  control: 'ctl',
  mapping: 'map',
  blob: 'blb',
  log: 'log',
  session: 'ses',
  membership: 'mem',
  invitation: 'inv',
  reset: 'rst',
  riskAcceptance: 'racc',
  testRun: 'trn',
  webhook: 'whk',
  delivery: 'dlv',
  attempt: 'att',
  job: 'job',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

let lastTime = -1;
let lastRandom: Uint8Array = new Uint8Array(10);

function incrementRandom(bytes: Uint8Array): Uint8Array {
  const next = new Uint8Array(bytes);
  for (let i = next.length - 1; i >= 0; i--) {
    const value = (next[i] ?? 0) + 1;
    next[i] = value & 0xff;
    if (value <= 0xff) return next;
  }
  throw new Error('ULID random component overflowed within one millisecond');
}

function encodeTime(time: number): string {
  let out = '';
  let rest = time;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 16; i++) {
    out = ALPHABET[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return out;
}

/** A 26-character ULID; monotonic within one millisecond of this process. */
export function ulid(time: number = Date.now()): string {
  if (time <= lastTime) {
    lastRandom = incrementRandom(lastRandom);
    time = lastTime;
  } else {
    lastTime = time;
    lastRandom = new Uint8Array(randomBytes(10));
  }
  return encodeTime(time) + encodeRandom(lastRandom);
}

/** A prefixed, time-sortable id such as `risk_01JD3W5Q8Z6X4V2T0R9P7N5M3K`. */
export function newId(kind: IdKind, time?: number): string {
  return `${ID_PREFIXES[kind]}_${ulid(time)}`;
}
