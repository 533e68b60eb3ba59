import type { ParseArgsConfig } from 'node:util';
import { orgsCreate, tokensCreate, tokensRevoke, usersCreate } from './accounts.js';
import { exportOscalCommand } from './export-oscal.js';
import { frameworksAdopt, frameworksImport, frameworksLibrary } from './frameworks.js';
import { mcp } from './mcp.js';
import { seed } from './seed.js';
import { serve } from './serve.js';

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

/** Every subcommand, by its words (`tokens create`). */
export const COMMANDS: Record<string, Command> = {
  serve,
  'users create': usersCreate,
  'orgs create': orgsCreate,
  'tokens create': tokensCreate,
  'tokens revoke': tokensRevoke,
  seed,
  'frameworks library': frameworksLibrary,
  'frameworks import': frameworksImport,
  'frameworks adopt': frameworksAdopt,
  'export oscal': exportOscalCommand,
  mcp,
};
