import { describe, expect, it } from 'vitest';
import { stableUuid } from '../src/index.js';

describe('stableUuid', () => {
  it('is a version 5 RFC 9562 uuid, the same for the same kind and id', () => {
    const uuid = stableUuid({ kind: 'measure', id: '7' });
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableUuid({ kind: 'measure', id: '7' })).toBe(uuid);
  });

  it('differs across kinds and ids', () => {
    const uuids = new Set([
      stableUuid({ kind: 'measure', id: '7' }),
      stableUuid({ kind: 'risk', id: '7' }),
      stableUuid({ kind: 'measure', id: '8' }),
      stableUuid({ kind: 'measure:', id: '7' }),
    ]);
    expect(uuids.size).toBe(4);
  });
});
