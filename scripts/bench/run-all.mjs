#!/usr/bin/env node
// `npm run bench`: every benchmark in turn, each printing its own table. Extra arguments are not
// forwarded; run a single benchmark (`npm run bench:storage -- --large 100000`) to tune one.
import { spawnSync } from 'node:child_process';

for (const name of [
  'bench:codegen',
  'bench:storage',
  'bench:server',
  'bench:varied',
  'bench:scale',
  'bench:oscal',
  'bench:frameworks',
  'bench:pglite-rows',
  'bench:tasks',
  'bench:jobs',
  'bench:auditor-package',
  'bench:evidence-vault',
]) {
  console.log(`\n=== npm run ${name}\n`);
  const run = spawnSync('npm', ['run', '-s', name], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`${name} failed with exit code ${run.status}`);
    process.exit(run.status ?? 1);
  }
}
