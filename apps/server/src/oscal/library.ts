import { listLibrary, loadLibraryCatalog, OscalImportError } from '@comply/oscal';
import type { FrameworkCreate } from '@comply/storage';
import { ToolError } from '../core/errors.js';
import { catalogFramework } from './catalog-framework.js';

/** The library entries with publisher, version, licence note, source, baselines and control counts. */
export function libraryEntries() {
  return listLibrary();
}

/**
 * A library entry (optionally one baseline) as a new framework's data; an unknown key or baseline
 * is INVALID_INPUT naming the field and the allowed values.
 */
export function libraryFramework(args: {
  key: string;
  baseline?: string | undefined;
  name?: string | undefined;
}): FrameworkCreate {
  const entry = listLibrary().find((candidate) => candidate.key === args.key);
  if (!entry) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'library_key',
      message: `Unknown library_key \`${args.key}\`; the library has ${listLibrary()
        .map((e) => e.key)
        .join(', ')}.`,
    });
  }
  if (args.baseline !== undefined && entry.baselines.length === 0) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'baseline',
      message: `The library entry \`${args.key}\` has no baselines; omit \`baseline\`.`,
    });
  }
  try {
    const catalog = loadLibraryCatalog({ key: args.key, baseline: args.baseline });
    return catalogFramework({
      catalog,
      name: args.name,
      provenance: {
        source: 'library',
        library_key: args.key,
        baseline: args.baseline === undefined ? null : args.baseline.toUpperCase(),
      },
    });
  } catch (error) {
    if (!(error instanceof OscalImportError)) throw error;
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: args.baseline === undefined ? 'library_key' : 'baseline',
      message: `${error.message[0]?.toUpperCase()}${error.message.slice(1)}.`,
    });
  }
}
