#!/usr/bin/env node
// The `comply` command runs the compiled server; `npm run build` (or `npm start`) compiles it.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('comply: the server is not built yet. Run `npm run build` at the repository root first.');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
