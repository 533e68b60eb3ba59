// Benchmarks run on the workspace packages' TypeScript sources: a script re-executes itself as
// `node --conditions=@comply/source --import tsx <script> … --child`, so no build is needed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

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

/**
 * A benchmark's options, read with parseArgs, once it runs on the sources (see runOnSources; the
 * --child flag is added here). `counts` are string options with a numeric default (read them with
 * Number()), `options` any others.
 */
export function optionsOnSources({ scriptUrl, counts = {}, options = {} }) {
  const countOptions = Object.entries(counts).map(([name, value]) => [
    name,
    { type: 'string', default: String(value) },
  ]);
  const { values } = parseArgs({
    options: { ...Object.fromEntries(countOptions), ...options, child: { type: 'boolean', default: false } },
  });
  runOnSources({ scriptUrl, isChild: values.child });
  return values;
}
