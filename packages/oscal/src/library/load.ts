import { existsSync } from 'node:fs';
import { appendTo } from '../collections.js';
import { OscalImportError } from '../errors.js';
import { parseCatalog } from '../import/catalog.js';
import { profileSelection, selectControls } from '../import/profile.js';
import { packageFilePath, readPackageJson } from '../paths.js';
import type { ImportedCatalog, LibraryEntry } from '../types.js';
import { stableUuid } from '../uuid.js';
import { type ManifestEntry, manifestEntries } from './manifest.js';
import { uniteCatalogs } from './union.js';

const loaded = new Map<string, ImportedCatalog>();

function isInstalled(entry: ManifestEntry): boolean {
  return entry.catalogs.every((file) => existsSync(packageFilePath(`library/${file}`)));
}

/** The entry's catalog document (several files united into one); a missing file is an OscalImportError. */
export function readCatalogDocument(entry: ManifestEntry): unknown {
  const missing = entry.catalogs.find((file) => !existsSync(packageFilePath(`library/${file}`)));
  if (missing) {
    throw new OscalImportError(
      `library entry \`${entry.key}\` is not installed: library/${missing} is missing`,
    );
  }
  const documents = entry.catalogs.map((file) => readPackageJson(`library/${file}`) as { catalog: object });
  const [first, ...rest] = documents;
  const catalog = rest.reduce(
    (united, next) => uniteCatalogs({ first: united, second: next.catalog as Record<string, unknown> }),
    first!.catalog as Record<string, unknown>,
  );
  return { catalog };
}

function loadFull(entry: ManifestEntry): ImportedCatalog {
  const parsed = parseCatalog(readCatalogDocument(entry));
  const tags = new Map<string, string[]>();
  for (const [baseline, file] of Object.entries(entry.baselines)) {
    for (const id of profileSelection({ profile: readPackageJson(`library/${file}`), catalog: parsed })) {
      appendTo({ map: tags, key: id, value: baseline });
    }
  }
  return {
    ...parsed,
    title: entry.title,
    version: entry.version,
    description: parsed.description ?? entry.source,
    // A united catalog is a document of its own; a single one keeps its uuid.
    oscal_uuid:
      entry.catalogs.length > 1 ? stableUuid({ kind: 'library', id: entry.key }) : parsed.oscal_uuid,
    controls: parsed.controls.map((control) => ({ ...control, baselines: tags.get(control.oscal_id) ?? [] })),
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function entryOf(key: string): ManifestEntry {
  const entry = manifestEntries().find((candidate) => candidate.key === key);
  if (!entry) {
    const keys = manifestEntries().map((candidate) => candidate.key);
    throw new OscalImportError(`unknown library key \`${key}\`; the library has ${keys.join(', ')}`);
  }
  return entry;
}

function baselineOf({ entry, baseline }: { entry: ManifestEntry; baseline: string }): string {
  const allowed = Object.keys(entry.baselines);
  const found = allowed.find((name) => name === baseline.toUpperCase());
  if (found) return found;
  if (allowed.length === 0) throw new OscalImportError(`library entry \`${entry.key}\` has no baselines`);
  throw new OscalImportError(
    `unknown baseline \`${baseline}\` for \`${entry.key}\`; allowed: ${allowed.join(', ')}`,
  );
}

/**
 * The entry as a catalog; NIST = union of HIGH and PRIVACY with each control's baselines from the
 * four profiles; `baseline` keeps only the controls that baseline selects. Memoized per key and
 * baseline; the result is shared, so it is frozen.
 */
export function loadLibraryCatalog({ key, baseline }: { key: string; baseline?: string }): ImportedCatalog {
  const entry = entryOf(key);
  const name = baseline === undefined ? null : baselineOf({ entry, baseline });
  const memoKey = `${key}\u0000${name ?? ''}`;
  const cached = loaded.get(memoKey);
  if (cached) return cached;
  let catalog: ImportedCatalog;
  if (name === null) {
    catalog = loadFull(entry);
  } else {
    const full = loadLibraryCatalog({ key });
    const ids = new Set(full.controls.filter((c) => c.baselines.includes(name)).map((c) => c.oscal_id));
    catalog = { ...selectControls({ catalog: full, ids }), title: `${entry.title} (${name} baseline)` };
  }
  loaded.set(memoKey, deepFreeze(catalog));
  return catalog;
}

/** The installed library entries (entries whose catalog files are missing are left out). */
export function listLibrary(): LibraryEntry[] {
  return manifestEntries()
    .filter(isInstalled)
    .map((entry) => ({
      key: entry.key,
      title: entry.title,
      publisher: entry.publisher,
      version: entry.version,
      licence: entry.licence,
      source: entry.source,
      description: entry.description,
      baselines: Object.keys(entry.baselines),
      control_count: loadLibraryCatalog({ key: entry.key }).controls.length,
    }));
}
