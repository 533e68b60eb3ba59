import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type ImportedCatalog,
  importableModel,
  loadLibraryCatalog,
  type OscalIssue,
  parseCatalog,
  parseMappingCollection,
  profileImports,
  resolveProfile,
  validateOscal,
} from '@comply/oscal';
import type { Actor, Storage } from '@comply/storage';
import { ToolError } from '../core/errors.js';
import { catalogFramework } from './catalog-framework.js';
import { importMappings } from './import-mapping.js';
import { allFrameworks, explicitFramework, matchFramework, matchLibraryKey } from './resolve.js';
import { storedCatalog } from './stored-catalog.js';

/** The query parameters an import may carry to say what a profile or mapping refers to. */
export interface ImportOptions {
  catalog_framework_id?: string | undefined;
  library_key?: string | undefined;
  source_framework_id?: string | undefined;
  target_framework_id?: string | undefined;
}

/** What an import created. */
export type ImportResult =
  | { framework_id: string; control_count: number }
  | { mapping_count: number; source_framework_id: string; target_framework_id: string };

/** A document the official schema refuses: the first issues, each a JSON pointer and a message. */
export class OscalDocumentError extends Error {
  readonly issues: OscalIssue[];

  constructor(issues: OscalIssue[]) {
    super(
      `The document is not valid OSCAL: ${issues
        .slice(0, 3)
        .map((issue) => `${issue.pointer || '/'} ${issue.message}`)
        .join('; ')}.`,
    );
    this.issues = issues;
  }
}

interface ImportArgs {
  storage: Storage;
  organizationId: string;
  actor: Actor;
  doc: unknown;
  options: ImportOptions;
}

async function profileCatalog(args: ImportArgs): Promise<ImportedCatalog> {
  const { storage, organizationId, options } = args;
  if (options.catalog_framework_id) {
    const frameworkId = await explicitFramework({
      storage,
      organizationId,
      frameworkId: options.catalog_framework_id,
      field: 'catalog_framework_id',
    });
    return storedCatalog({ storage, organizationId, frameworkId });
  }
  if (options.library_key) return loadLibraryCatalog({ key: options.library_key });
  const frameworks = await allFrameworks({ storage, organizationId });
  for (const ref of profileImports(args.doc)) {
    const framework = matchFramework({ ref, frameworks });
    if (framework) return storedCatalog({ storage, organizationId, frameworkId: framework.id });
    const key = matchLibraryKey(ref);
    if (key) return loadLibraryCatalog({ key });
  }
  throw new ToolError({
    code: 'INVALID_INPUT',
    field: 'catalog_framework_id',
    message:
      'The catalog this profile imports is neither a framework of the organization nor in the library; pass catalog_framework_id or library_key.',
  });
}

/**
 * Imports one OSCAL document into an organization: validated against the official schema first
 * (nothing is written otherwise); a catalog or a resolved profile becomes a framework, a
 * mapping-collection becomes crosswalk rows. Each import is one transaction and one audit entry.
 */
export async function importOscal(args: ImportArgs): Promise<ImportResult> {
  // Each step is bounded (IMPORT_LIMITS in @comply/oscal, docs/security.md); between steps other
  // requests get their turn, so a 16 MiB document never holds the event loop for the whole import.
  await nextTurn();
  const validation = validateOscal(args.doc);
  if (!validation.ok) throw new OscalDocumentError(validation.issues);
  await nextTurn();
  const model = importableModel(args.doc);
  if (model === 'mapping-collection') {
    const collection = parseMappingCollection(args.doc);
    await nextTurn();
    return importMappings({ ...args, collection });
  }
  const catalog =
    model === 'catalog'
      ? parseCatalog(args.doc)
      : resolveProfile({ profile: args.doc, catalog: await profileCatalog(args) });
  await nextTurn();
  const data = catalogFramework({ catalog, provenance: { source: 'oscal' } });
  const framework = await args.storage.frameworks.create({
    organizationId: args.organizationId,
    actor: args.actor,
    data,
  });
  return { framework_id: framework.id, control_count: framework.control_count };
}
