import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarize } from '../../test/summary.mjs';
import { repoRoot } from './repo-root.js';

/** A repository of three packages: one with a failing test, one that passes, one that cannot load. */
function fixtureRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'comply-runner-'));
  cpSync(join(repoRoot, 'scripts/test'), join(root, 'scripts/test'), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ workspaces: ['pkgs/*'] }));
  const tests: Record<string, string> = {
    'a-fails': `it('adds', () => expect(1 + 1).toBe(3));\nit('subtracts', () => expect(2 - 1).toBe(1));`,
    'b-passes': `it('multiplies', () => expect(2 * 2).toBe(4));\nit.skip('waits for chromium: apt-get install -y chromium', () => {});`,
    'c-broken': `import './missing-module.js';\nit('never runs', () => {});`,
  };
  for (const [name, body] of Object.entries(tests)) {
    mkdirSync(join(root, 'pkgs', name, 'test'), { recursive: true });
    writeFileSync(
      join(root, 'pkgs', name, 'package.json'),
      JSON.stringify({ name, type: 'module', scripts: { test: 'vitest run' } }),
    );
    writeFileSync(
      join(root, 'pkgs', name, 'test', 'x.test.js'),
      `import { expect, it } from 'vitest';\n${body}\n`,
    );
  }
  // b-passes holds the most test files, so it runs in a lane of its own beside the others.
  writeFileSync(
    join(root, 'pkgs', 'b-passes', 'test', 'y.test.js'),
    `import { expect, it } from 'vitest';\nit('divides', () => expect(4 / 2).toBe(2));\n`,
  );
  mkdirSync(join(root, 'pkgs', 'd-untested'));
  writeFileSync(join(root, 'pkgs', 'd-untested', 'package.json'), JSON.stringify({ name: 'd' }));
  return root;
}

describe('npm test (scripts/test/run.mjs)', () => {
  const root = fixtureRepository();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const run = spawnSync(process.execPath, [join(root, 'scripts/test/run.mjs')], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const lines = run.stdout.trim().split('\n');

  it('runs every package even after one fails, then exits 1', () => {
    expect(run.status).toBe(1);
    for (const name of ['a-fails', 'b-passes', 'c-broken']) expect(run.stdout).toContain(`━━ ${name} `);
    expect(run.stdout).not.toContain('━━ d ');
  });

  it('ends with the plain line `tests: N passed, N failed, N skipped`', () => {
    expect(lines.at(-1)).toBe('tests: 3 passed, 2 failed, 1 skipped');
  });

  it('streams the package with the most test files while the others run beside it', () => {
    // Its header comes first; each other package's output is printed whole when it ends.
    const header = (name: string) => run.stdout.indexOf(`━━ ${name} `);
    expect(header('b-passes')).toBeLessThan(header('a-fails'));
    expect(header('a-fails')).toBeLessThan(header('c-broken'));
    const rows = lines.filter((line) => /^ {2}[✓✗] [a-d]-\w+: \d+ passed/.test(line));
    expect(rows.map((row) => row.slice(4, 12))).toEqual(['a-fails:', 'b-passes', 'c-broken']);
  });

  it('names what failed and what was skipped, and why', () => {
    expect(run.stdout).toMatch(/✗ a-fails: adds/);
    expect(run.stdout).toMatch(/✗ c-broken: .*x\.test\.js/);
    expect(run.stdout).toMatch(/↓ b-passes: waits for chromium: apt-get install -y chromium/);
  });
});

describe('summarize', () => {
  it('leaves out `N skipped` when nothing was skipped and passes on zero failures', () => {
    const report = {
      testResults: [{ status: 'passed', assertionResults: [{ title: 't', status: 'passed' }] }],
    };
    const { lines, failed } = summarize([{ name: 'p', code: 0, report, seconds: 1 }]);
    expect(lines.at(-1)).toBe('tests: 1 passed, 0 failed');
    expect(failed).toBe(false);
  });

  it('counts a package that crashed without a report as a failure', () => {
    const { lines, failed } = summarize([{ name: 'p', code: 137, report: undefined, seconds: 1 }]);
    expect(lines.at(-1)).toBe('tests: 0 passed, 1 failed');
    expect(failed).toBe(true);
  });
});
