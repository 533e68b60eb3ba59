import { readFile } from 'node:fs/promises';
import { OscalImportError } from '@comply/oscal';
import { ToolError } from '../core/errors.js';
import { type ImportOptions, importOscal, OscalDocumentError } from '../oscal/import.js';
import { libraryEntries, libraryFramework } from '../oscal/library.js';
import { CLI_ACTOR, optional, required } from './actor.js';
import type { Command } from './commands.js';
import { cliOrganization } from './organization.js';
import { withStorage } from './storage.js';

// The endpoint's query parameters as CLI options (a refusal names the option, not the parameter).
const OPTION_OF: Record<string, string> = {
  catalog_framework_id: '--catalog-framework',
  library_key: '--library-key',
  source_framework_id: '--source-framework',
  target_framework_id: '--target-framework',
  baseline: '--baseline',
  organization_id: '--org',
  framework_id: '--framework',
  model: '--model',
};

/** A refusal as the CLI prints it: the message, the option at fault, and any JSON pointers. */
export function refusal(error: unknown): string | undefined {
  if (error instanceof OscalDocumentError) {
    const issues = error.issues.map((issue) => `  ${issue.pointer || '/'}: ${issue.message}`);
    return ['The document is not valid OSCAL; nothing was imported:', ...issues].join('\n');
  }
  if (error instanceof OscalImportError) {
    const at = error.pointer ? ` (at ${error.pointer})` : '';
    return `The document cannot be imported${at}: ${error.message}. Nothing was imported.`;
  }
  if (error instanceof ToolError) {
    const option = error.field === undefined ? undefined : OPTION_OF[error.field];
    return option ? `${error.message} (option ${option})` : error.message;
  }
  return undefined;
}

/** Runs `fn`; a known refusal goes to stderr with exit code 1, anything else propagates. */
export async function refusing(fn: () => Promise<number>): Promise<number> {
  try {
    return await fn();
  } catch (error) {
    const text = refusal(error);
    if (text === undefined) throw error;
    process.stderr.write(`comply: ${text}\n`);
    return 1;
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `comply frameworks library [--json]`: the built-in library. */
export const frameworksLibrary: Command = {
  options: { json: { type: 'boolean' } },
  async run({ values }) {
    const entries = libraryEntries();
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ entries }, null, 2)}\n`);
      return 0;
    }
    const header = ['KEY', 'TITLE', 'PUBLISHER', 'VERSION', 'CONTROLS', 'BASELINES'];
    const rows = entries.map((e) => [
      e.key,
      e.title,
      e.publisher,
      e.version,
      String(e.control_count),
      e.baselines.join(', ') || '—',
    ]);
    process.stdout.write(`${table([header, ...rows])}\n`);
    return 0;
  },
};

async function readDocument(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${file} is not JSON (${(error as Error).message}); OSCAL documents are imported as JSON`,
    );
  }
}

function printResult(result: object, json: unknown, text: string) {
  process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${text}\n`);
}

/** `comply frameworks import FILE --org ID`: the endpoint's import, audited as `importOscal` from the CLI. */
export const frameworksImport: Command = {
  options: {
    org: { type: 'string' },
    'catalog-framework': { type: 'string' },
    'library-key': { type: 'string' },
    'source-framework': { type: 'string' },
    'target-framework': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values, positionals }) {
    const file = positionals[0];
    if (!file || positionals.length > 1) throw new Error('usage: comply frameworks import FILE --org ID');
    const organizationId = required(values, 'org');
    const doc = await readDocument(file);
    const options: ImportOptions = {
      catalog_framework_id: optional(values, 'catalog-framework'),
      library_key: optional(values, 'library-key'),
      source_framework_id: optional(values, 'source-framework'),
      target_framework_id: optional(values, 'target-framework'),
    };
    return refusing(() =>
      withStorage(async (storage) => {
        await cliOrganization({ storage, organizationId });
        const result = await importOscal({
          storage,
          organizationId,
          actor: CLI_ACTOR('importOscal'),
          doc,
          options,
        });
        const text =
          'framework_id' in result
            ? `Imported framework ${result.framework_id} with ${result.control_count} controls.`
            : `Imported ${result.mapping_count} mappings from ${result.source_framework_id} to ${result.target_framework_id}.`;
        printResult(result, values.json, text);
        return 0;
      }),
    );
  },
};

/** `comply frameworks adopt KEY --org ID [--baseline B]`: addFramework with library_key, from the CLI. */
export const frameworksAdopt: Command = {
  options: { org: { type: 'string' }, baseline: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values, positionals }) {
    const key = positionals[0];
    if (!key || positionals.length > 1)
      throw new Error('usage: comply frameworks adopt KEY --org ID [--baseline B]');
    const organizationId = required(values, 'org');
    return refusing(() =>
      withStorage(async (storage) => {
        await cliOrganization({ storage, organizationId });
        const data = libraryFramework({ key, baseline: optional(values, 'baseline') });
        const framework = await storage.frameworks.create({
          organizationId,
          actor: CLI_ACTOR('addFramework'),
          data,
        });
        const result = { framework_id: framework.id, control_count: framework.control_count };
        printResult(
          result,
          values.json,
          `Adopted ${data.name} as framework ${framework.id} with ${framework.control_count} controls.`,
        );
        return 0;
      }),
    );
  },
};
