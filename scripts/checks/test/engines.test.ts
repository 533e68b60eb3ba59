import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo-root.js';

interface LockEntry {
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const readJson = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8'));

describe('the Node versions', () => {
  const declared: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(declared)!.version;

  it('of every locked dependency include the oldest the project declares (no EBADENGINE)', () => {
    const packages: Record<string, LockEntry> = readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.optional)
      .map(([path, entry]) => ({
        path,
        range: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter(({ range }) => range !== undefined && !semver.satisfies(oldest, range))
      .map(({ path, range }) => `${path} wants node ${range}`);
    expect(refusing).toEqual([]);
  });

  it('the project supports are the ones the README states', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`Node ${oldest.replace(/\.0$/, '')} or newer`);
  });
});
