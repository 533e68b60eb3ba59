import { parseArgs } from 'node:util';
import { COMMANDS, type Command } from './commands.js';

const USAGE = `Usage: comply <command> [options]

Commands:
  serve                                   start the server (PORT, HOST, DATABASE_URL, COMPLY_DATA_DIR)
  users create --email E --password-stdin create a user; the password is read from standard input
  orgs create --name N --owner E          create an organization owned by E; prints its id
  tokens create --email E --name N [--expires-in 90d|never] [--read-only] [--org ID]...
                                          create an API token; prints only the secret
  tokens revoke ID                        revoke a token at once
  seed --demo [--owner E]                 load a realistic demo organization
  seed --orgs N --risks M [--vendors V] [--measures K] [--owner E]
                                          load bulk data for benchmarks
  frameworks library [--json]             the built-in control library: key, title, publisher,
                                          version, control count, baselines
  frameworks import FILE --org ID [--catalog-framework FW | --library-key K]
                    [--source-framework FW --target-framework FW] [--json]
                                          import an OSCAL catalog, profile or mapping-collection
  frameworks adopt KEY --org ID [--baseline B] [--json]
                                          add a framework from the library
  export oscal --model M --org ID [--framework FW] [--out FILE]
                                          an OSCAL document (catalog, system-security-plan,
                                          assessment-results, plan-of-action-and-milestones,
                                          mapping-collection); standard output by default
  mcp                                     a stdio MCP server forwarding to COMPLY_URL with
                                          COMPLY_API_TOKEN (or SERVICE_API_TOKEN)
`;

/** Runs the `comply` command line; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [first, second] = argv;
  if (first === undefined || first === '--help' || first === '-h') {
    process.stdout.write(USAGE);
    return first === undefined ? 2 : 0;
  }
  const pair = `${first} ${second}`;
  const key = COMMANDS[pair] ? pair : first;
  const load = COMMANDS[key];
  if (!load) {
    process.stderr.write(`comply: unknown command "${first}"\n\n${USAGE}`);
    return 2;
  }
  const command: Command = await load();
  const rest = argv.slice(key.split(' ').length);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`comply: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  try {
    return await command.run({ values: parsed.values, positionals: parsed.positionals });
  } catch (error) {
    process.stderr.write(`comply: ${(error as Error).message}\n`);
    return 1;
  }
}
