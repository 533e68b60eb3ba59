import { generate } from './generate.js';
import { formatDiagnostics } from './validate/diagnostic.js';

/** `npm run generate [-- --check]`. Returns the process exit code. */
export function runCli(a: { root: string; argv: readonly string[]; log: (line: string) => void }): number {
  const check = a.argv.includes('--check');
  const rootArg = a.argv.find((arg) => arg.startsWith('--root='));
  const unknown = a.argv.filter((arg) => arg !== '--check' && arg !== rootArg);
  if (unknown.length > 0) {
    a.log(`Unknown argument(s): ${unknown.join(' ')}. Usage: npm run generate [-- --check] [--root=DIR]`);
    return 2;
  }
  const started = performance.now();
  const result = generate({ root: rootArg ? rootArg.slice('--root='.length) : a.root, check });
  if (result.diagnostics.length > 0) {
    a.log(formatDiagnostics(result.diagnostics));
    a.log(`\n${result.diagnostics.length} problem(s) in specs/. Nothing was generated.`);
    return 1;
  }
  const drift = result.drift ?? { stale: [], missing: [], extra: [] };
  const ms = Math.round(performance.now() - started);
  if (check) {
    const lines = [
      ...result.unformatted.map((p) => `  unformatted spec: ${p}`),
      ...drift.stale.map((p) => `  stale:   ${p}`),
      ...drift.missing.map((p) => `  missing: ${p}`),
      ...drift.extra.map((p) => `  extra:   ${p}`),
    ];
    if (lines.length === 0) {
      a.log(`Generated files are up to date (${result.fileCount} files, ${ms} ms).`);
      return 0;
    }
    a.log(
      `Generated files are out of date:\n${lines.join('\n')}\nRun \`npm run generate\` and commit the result.`,
    );
    return 1;
  }
  const changed = drift.stale.length + drift.missing.length + drift.extra.length;
  a.log(`Generated ${result.fileCount} files (${changed} changed) in ${ms} ms.`);
  for (const p of drift.missing) a.log(`  created: ${p}`);
  for (const p of drift.stale) a.log(`  updated: ${p}`);
  for (const p of drift.extra) a.log(`  deleted: ${p}`);
  for (const p of result.unformatted) a.log(`  formatted: ${p}`);
  return 0;
}
