#!/usr/bin/env node
// `npm test`: every workspace's tests, one package after another, whatever fails on the way; then a
// summary and a closing line `tests: N passed, N failed, N skipped` for people and CI alike.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './summary.mjs';
import { testedWorkspaces } from './workspaces.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

/** Runs one package's vitest with its usual output plus a JSON report; resolves to the report. */
function runPackage({ dir, reportFile, extraArgs }) {
  const args = [VITEST, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...args, ...extraArgs], { cwd: dir, stdio: 'inherit' });
    child.on('close', (code) => {
      let report;
      try {
        report = JSON.parse(readFileSync(reportFile, 'utf8'));
      } catch {
        report = undefined;
      }
      resolve({ code, report });
    });
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'comply-test-'));
const results = [];
try {
  for (const workspace of testedWorkspaces(ROOT)) {
    console.log(`\n━━ ${workspace.name} (${workspace.dir}) ━━`);
    const started = Date.now();
    const { code, report } = await runPackage({
      dir: join(ROOT, workspace.dir),
      reportFile: join(scratch, `${workspace.name.replace(/\W+/g, '_')}.json`),
      extraArgs: process.argv.slice(2),
    });
    results.push({ name: workspace.name, code, report, seconds: (Date.now() - started) / 1000 });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const { lines, failed } = summarize(results);
console.log(`\n${lines.join('\n')}`);
process.exitCode = failed ? 1 : 0;
