import type * as Crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, openTestStorage } from './helpers.js';

const derivations = vi.hoisted(() => ({ count: 0 }));

// Counts scrypt key derivations: the work a password check does, measured without a clock.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  const scrypt = (...args: Parameters<typeof actual.scrypt>) => {
    derivations.count += 1;
    return actual.scrypt(...args);
  };
  return { ...actual, default: actual, scrypt };
});

describe.each(DRIVERS)('password checks for unknown emails on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name }));
    await storage.users.create({ email: 'known@example.test', password: 'the real passphrase' });
    await storage.users.verifyPassword({ email: 'warm-up@example.test', password: 'anything at all' });
  });
  afterAll(() => dispose());

  const work = async (email: string) => {
    derivations.count = 0;
    expect(await storage.users.verifyPassword({ email, password: 'a wrong passphrase' })).toBeNull();
    return derivations.count;
  };

  it('spends the same hashing work on an unknown email as on a known one', async () => {
    const known = await work('known@example.test');
    expect(known).toBe(1);
    expect(await work('nobody@example.test')).toBe(known);
  });
});
