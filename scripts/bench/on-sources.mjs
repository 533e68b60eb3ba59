// Benchmarks run on the workspace packages' TypeScript sources: a script re-executes itself as
// `node --conditions=@comply/source --import tsx <script> … --child`, so no build is needed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Unless this process is already the child, runs the script again on the sources and exits with its status. */
export function runOnSources({ scriptUrl, isChild }) {
  if (isChild) return;
  const child = spawnSync(
    process.execPath,
    [
      '--conditions=@comply/source',
      '--import',
      'tsx',
      fileURLToPath(scriptUrl),
      ...process.argv.slice(2),
      '--child',
    ],
    { stdio: 'inherit' },
  );
  process.exit(child.status ?? 1);
}
