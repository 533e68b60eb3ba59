#!/usr/bin/env node
// `npm test`: every workspace's tests, whatever fails on the way; then a summary and a closing line
// `tests: N passed, N failed, N skipped` for people and CI alike. The package with the most test
// files runs in one lane, its output streamed; the others run one after another in a second lane
// beside it, each one's output printed whole when it ends.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './summary.mjs';
import { testedWorkspaces, testFileCount } from './workspaces.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'comply-test-'));

/**
 * Runs one package's vitest with its usual output plus a JSON report. `stream`: the output goes
 * straight to this process's; else it is held and printed whole at the end, under the header.
 */
function runPackage({ workspace, stream }) {
  const header = `\n━━ ${workspace.name} (${workspace.dir}) ━━`;
  const reportFile = join(scratch, `${workspace.name.replace(/\W+/g, '_')}.json`);
  const args = [VITEST, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
  if (stream) console.log(header);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], {
      cwd: join(ROOT, workspace.dir),
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('close', (code) => {
      if (!stream) process.stdout.write(`${header}\n${Buffer.concat(held).toString()}`);
      let report;
      try {
        report = JSON.parse(readFileSync(reportFile, 'utf8'));
      } catch {
        report = undefined;
      }
      resolve({ name: workspace.name, code, report, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** Runs the packages one after another; resolves to their results in that order. */
async function lane({ workspaces, stream }) {
  const results = [];
  for (const workspace of workspaces) results.push(await runPackage({ workspace, stream }));
  return results;
}

let results;
try {
  const workspaces = testedWorkspaces(ROOT);
  const heaviest = workspaces.reduce((most, w) =>
    testFileCount(join(ROOT, w.dir)) > testFileCount(join(ROOT, most.dir)) ? w : most,
  );
  const lanes = await Promise.all([
    lane({ workspaces: [heaviest], stream: true }),
    lane({ workspaces: workspaces.filter((w) => w !== heaviest), stream: false }),
  ]);
  const byName = new Map(lanes.flat().map((result) => [result.name, result]));
  results = workspaces.map((w) => byName.get(w.name));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const { lines, failed } = summarize(results);
console.log(`\n${lines.join('\n')}`);
process.exitCode = failed ? 1 : 0;
