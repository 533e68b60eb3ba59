import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** `packages/*` → the directories it names (only trailing `/*` globs are used here). */
function expand({ root, pattern }) {
  if (!pattern.endsWith('/*')) return [pattern];
  const parent = pattern.slice(0, -2);
  return readdirSync(join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`)
    .sort();
}

/** The workspaces with a `test` script, in the order the root package.json lists them. */
export function testedWorkspaces(root) {
  const patterns = readJson(join(root, 'package.json')).workspaces ?? [];
  return patterns
    .flatMap((pattern) => expand({ root, pattern }))
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ dir, manifest: readJson(join(root, dir, 'package.json')) }))
    .filter(({ manifest }) => manifest.scripts?.test)
    .map(({ dir, manifest }) => ({ dir, name: manifest.name }));
}

/** How many test files (`*.test.*`) a package holds, outside node_modules and dist. */
export function testFileCount(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (entry.isDirectory()) count += testFileCount(join(dir, entry.name));
    else if (/\.test\.[cm]?[jt]sx?$/.test(entry.name)) count += 1;
  }
  return count;
}
