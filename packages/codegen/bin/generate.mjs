#!/usr/bin/env node
// `npm run generate [-- --check]`: runs the generator from its TypeScript sources via tsx.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
const root = fileURLToPath(new URL('../../../', import.meta.url));
process.exitCode = runCli({ root, argv: process.argv.slice(2), log: (line) => console.log(line) });
// Storage's files generated from its migrations (the migration list and the row types).
if (!process.exitCode)
  process.exitCode = (await import('../../storage/scripts/generate.mjs')).main(process.argv);
