#!/usr/bin/env node
// Times `npm run generate` (a fresh process: load, validate, model, emit, format, write) on the
// real specs (register files and tool specs) and on synthetic sets of 100 and 500 tools, the real
// ones plus renamed clones of the tool specs, each in a temp dir.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'packages/codegen/bin/generate.mjs');
const realTools = readdirSync(join(root, 'specs/tools'))
  .filter((f) => f.endsWith('.yaml'))
  .sort();
/** Each register file declares its four plain tools. */
const realCount = readdirSync(join(root, 'specs/registers')).length * 4 + realTools.length;
const runs = 3;

/** A temp repo with the real specs and `count` tools (the real ones, then renamed clones of the tool specs). */
function makeSpecSet(count) {
  const dir = mkdtempSync(join(tmpdir(), 'comply-bench-codegen-'));
  cpSync(join(root, 'specs'), join(dir, 'specs'), { recursive: true });
  for (let i = realCount; i < count; i++) {
    const file = realTools[i % realTools.length];
    const base = file.replace(/\.yaml$/, '');
    const name = `${base}X${Math.floor(i / realTools.length)}`;
    const text = readFileSync(join(root, 'specs/tools', file), 'utf8').replace(
      /^name: .*$/m,
      `name: ${name}`,
    );
    writeFileSync(join(dir, 'specs/tools', `${name}.yaml`), text);
  }
  return dir;
}

function timeGenerate(dir) {
  const times = [];
  for (let r = 0; r < runs; r++) {
    rmSync(join(dir, 'packages'), { recursive: true, force: true });
    rmSync(join(dir, 'apps'), { recursive: true, force: true });
    const start = process.hrtime.bigint();
    execFileSync(process.execPath, [bin, `--root=${dir}`], { stdio: 'pipe' });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return Math.min(...times);
}

const rows = [];
for (const count of [realCount, 100, 500]) {
  const dir = makeSpecSet(count);
  rows.push({ count, ms: timeGenerate(dir) });
  rmSync(dir, { recursive: true, force: true });
}
const baseline = rows[0].ms;
console.log(`codegen benchmark (best of ${runs} fresh-process runs; writes every file)`);
console.log(`| tools | time (ms) | × ${realCount}-tool time |`);
console.log('|------:|----------:|---------------:|');
for (const r of rows) console.log(`| ${r.count} | ${r.ms.toFixed(0)} | ${(r.ms / baseline).toFixed(2)} |`);
const ratio = rows[2].ms / baseline;
console.log(
  `\n500 tools = ${ratio.toFixed(2)}× the ${realCount}-tool time (target < 15×): ${ratio < 15 ? 'OK' : 'OVER TARGET'}`,
);
process.exitCode = ratio < 15 ? 0 : 1;
