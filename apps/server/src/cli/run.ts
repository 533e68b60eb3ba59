// Runs the CLI from sources: `node --conditions=@comply/source --import tsx apps/server/src/cli/run.ts <command>`.
// The `comply` bin does the same with the compiled dist/cli/main.js.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
