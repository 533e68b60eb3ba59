import { createHash } from 'node:crypto';

// Fixed namespace for every Comply export; changing it would change every exported uuid.
const COMPLY_NAMESPACE = Buffer.from('6f3a1c52d0e84b7f9a2e5c41b8d7e903', 'hex');

/** Deterministic UUID v5 (RFC 9562) for a Comply record: same kind + id → same uuid in every export. */
export function stableUuid({ kind, id }: { kind: string; id: string }): string {
  const hash = createHash('sha1').update(COMPLY_NAMESPACE).update(`${kind}:${id}`, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
