import { readPackageJson } from '../paths.js';
import type { LibraryFacts } from '../types.js';

/** One entry of library/library.json: the public facts plus the files that make it up. */
export interface ManifestEntry extends LibraryFacts {
  /** Catalog files under library/; several are united (NIST's HIGH and PRIVACY). */
  catalogs: string[];
  /** Baseline name → profile file under library/ selecting that baseline's controls. */
  baselines: Record<string, string>;
}

let manifest: ManifestEntry[] | null = null;

/** The library manifest, read once. */
export function manifestEntries(): ManifestEntry[] {
  manifest ??= (readPackageJson('library/library.json') as { entries: ManifestEntry[] }).entries;
  return manifest;
}
