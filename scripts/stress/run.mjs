#!/usr/bin/env node
// npm run stress: the reliability suite with its long profiles, then the soak, and a report.
//   1. apps/server/test/reliability-*.test.ts and packages/storage/test/upgrade.test.ts with
//      COMPLY_STRESS=1 (fuzzing: 500 runs per tool and property; load: 32 connections for 30 s),
//      on PGlite and on PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
//   2. scripts/stress/soak.mjs: 64 connections for 60 s against PostgreSQL
// Options are passed to the soak (--connections, --seconds, --warmup); --skip-suite or --skip-soak
// run one half. COMPLY_FUZZ_SEED replays a fuzzing run; COMPLY_FUZZ_RUNS overrides the run count.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const skipSuite = args.includes('--skip-suite');
const skipSoak = args.includes('--skip-soak');
const soakArgs = args.filter((a) => !a.startsWith('--skip-'));
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const env = { ...process.env, COMPLY_STRESS: '1', TEST_DATABASE_URL: databaseUrl };
const results = [];

function step(name, command, commandArgs, options) {
  const started = Date.now();
  const run = spawnSync(command, commandArgs, {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    ...options,
  });
  process.stdout.write(run.stdout ?? '');
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ name, ok: run.status === 0, seconds, stdout: run.stdout ?? '' });
}

if (!skipSuite) {
  step('reliability suite (long profiles)', 'npx', ['vitest', 'run', 'test/reliability-'], {
    cwd: `${root}apps/server`,
    env,
  });
  step('upgrade from fixtures', 'npx', ['vitest', 'run', 'test/upgrade.test.ts'], {
    cwd: `${root}packages/storage`,
    env,
  });
}
if (!skipSoak) {
  step('soak (PostgreSQL)', process.execPath, [`${root}scripts/stress/soak.mjs`, ...soakArgs], {
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? databaseUrl },
  });
}

// The figures the tests print (fuzzing counts, isolation probes, load, outage, kill, revocation).
const figures = results
  .flatMap((r) => r.stdout.split('\n'))
  .map((line) => stripVTControlCharacters(line).trim())
  .filter((line) =>
    /^(fuzzing|isolation matrix|load|outage|server \d|pglite:|postgres:|v\d.*records|soak:)/.test(line),
  );
console.log('\n== stress report ==');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds} s)`);
for (const line of figures) console.log(`  ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
const soak = results.find((r) => r.name.startsWith('soak'));
if (soak) console.log(soak.stdout.trim());
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
