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
