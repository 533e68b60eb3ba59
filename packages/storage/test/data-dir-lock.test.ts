import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../src/index.js';

describe('embedded data directory lock', () => {
  it('refuses a directory another live process holds, and takes over a dead holder’s lock', async () => {
    const base = mkdtempSync(join(tmpdir(), 'comply-lock-'));
    const dataDir = join(base, 'data');
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(join(base, 'data.lock'), String(holder.pid));
      await expect(openStorage({ dataDir })).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        message: expect.stringMatching(/in use by process \d+/),
      });
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    const storage = await openStorage({ dataDir });
    await storage.close();
    // Closing released the lock: the directory opens again.
    const again = await openStorage({ dataDir });
    await again.close();
  });
});
