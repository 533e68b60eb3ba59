import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerNames } from '@comply/schemas';
import { openStorage } from '@comply/storage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.js';

describe('comply seed --demo', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'comply-seed-'));
    vi.stubEnv('COMPLY_DATA_DIR', dir);
    vi.stubEnv('DATABASE_URL', '');
    const storage = await openStorage({ dataDir: dir });
    await storage.users.create({ email: 'owner@example.test', password: 'a long enough passphrase' });
    await storage.close();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the organization’s name and id and the count of every register', async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    let code: number;
    try {
      code = await main(['seed', '--demo']);
    } finally {
      spy.mockRestore();
    }
    expect(code).toBe(0);
    const lines = written.join('').trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^Created the demo organization "Northwind Health \(demo\)" \(org_[0-9A-Z]{26}\):$/,
    );
    const printed = lines.slice(1).map((line) => line.trim().split(/\s+/));
    // One line per register of the catalog, in its order.
    expect(printed.map(([register]) => register)).toEqual([...registerNames]);
    const id = /\((org_[0-9A-Z]{26})\)/.exec(lines[0]!)![1]!;
    const storage = await openStorage({ dataDir: dir });
    try {
      const org = await storage.db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(org?.name).toBe('Northwind Health (demo)');
      // Each printed count is the register's count in the database, none zero.
      const counts = await storage.organizations.counts({ organizationId: id });
      expect(Object.fromEntries(printed.map(([register, n]) => [register, Number(n)]))).toEqual(counts);
      expect(Object.values(counts).every((n) => n > 0)).toBe(true);
    } finally {
      await storage.close();
    }
  });
});
