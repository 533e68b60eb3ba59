import { createHash } from 'node:crypto';

/** Deterministic bytes that do not compress or repeat per chunk (a counter hashed). */
export function contentOf(size: number, seed: string): Buffer {
  const out = Buffer.alloc(size);
  let offset = 0;
  for (let i = 0; offset < size; i++) {
    const block = createHash('sha256').update(`${seed}:${i}`).digest();
    offset += block.copy(out, offset);
  }
  return out;
}

/** SHA-256 of bytes, as hex. */
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
