import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo-root.js';

const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const interop = join(repoRoot, 'tools/mcp-interop');

describe('npm install', () => {
  it('installs the MCP interop tools itself (a root postinstall), not a separate command', () => {
    expect(rootManifest.scripts.postinstall).toBe('node scripts/install-interop.mjs');
    for (const entry of [
      'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
      'node_modules/@modelcontextprotocol/conformance/dist/index.js',
    ]) {
      expect(existsSync(join(interop, entry)), entry).toBe(true);
    }
  });

  it('gives the interop tools their own Node 22', () => {
    const version = execFileSync(join(interop, 'node_modules/.bin/node'), ['--version'], {
      encoding: 'utf8',
    });
    expect(version).toMatch(/^v22\./);
  });

  it('puts no `node` of a dependency ahead of the project’s Node in npm scripts', () => {
    expect(existsSync(join(repoRoot, 'node_modules/.bin/node'))).toBe(false);
    expect(rootManifest.workspaces).not.toContain('tools/mcp-interop');
  });

  it('is up to date afterwards: running the step again installs nothing', () => {
    const output = execFileSync(
      process.execPath,
      [join(repoRoot, 'scripts/install-interop.mjs'), '--check'],
      {
        encoding: 'utf8',
      },
    );
    expect(output.trim()).toBe('mcp-interop: up to date');
  });

  it('settles every dependency install script (none left for npm to warn about)', () => {
    for (const dir of [repoRoot, interop]) {
      const output = execFileSync('npm', ['install-scripts', 'ls'], { cwd: dir, encoding: 'utf8' });
      expect(output, dir).not.toMatch(/not yet covered|postinstall|preinstall/);
    }
  });
});
