import type { ParseArgsConfig } from 'node:util';

/** Parsed options and positionals of one command line. */
export interface CommandInput {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** One `comply` subcommand: its options and what it does; resolves to the exit code. */
export interface Command {
  options: NonNullable<ParseArgsConfig['options']>;
  run(input: CommandInput): Promise<number>;
}

/**
 * Every subcommand, by its words (`tokens create`), loaded when it runs: `comply mcp` (an editor's
 * stdio bridge) or `comply tokens create` need none of the server's modules, which take seconds
 * to load.
 */
export const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve.js')).serve,
  'users create': async () => (await import('./accounts.js')).usersCreate,
  'orgs create': async () => (await import('./accounts.js')).orgsCreate,
  'tokens create': async () => (await import('./accounts.js')).tokensCreate,
  'tokens revoke': async () => (await import('./accounts.js')).tokensRevoke,
  seed: async () => (await import('./seed.js')).seed,
  'frameworks library': async () => (await import('./frameworks.js')).frameworksLibrary,
  'frameworks import': async () => (await import('./frameworks.js')).frameworksImport,
  'frameworks adopt': async () => (await import('./frameworks.js')).frameworksAdopt,
  'export oscal': async () => (await import('./export-oscal.js')).exportOscalCommand,
  mcp: async () => (await import('./mcp.js')).mcp,
};
