import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ImportedCatalog } from '../src/index.js';

type Control = ImportedCatalog['controls'][number];

const root = fileURLToPath(new URL('../', import.meta.url));

/** A control with only its code, id, title and family: no parent, text, parameters or baselines. */
export function bareControl(
  c: Pick<Control, 'code' | 'oscal_id' | 'title' | 'family' | 'family_id'>,
  position: number,
): Control {
  return {
    ...c,
    parent_code: null,
    statement: null,
    guidance: null,
    parameters: [],
    baselines: [],
    position,
  };
}

/** Parses a JSON file relative to the package root. */
export function readJson(relative: string): unknown {
  return JSON.parse(readFileSync(`${root}${relative}`, 'utf8'));
}

/** Every NIST document shipped with the package or its tests, relative to the package root. */
export function nistDocuments(): string[] {
  const list = (dir: string) => readdirSync(`${root}${dir}`).map((file) => `${dir}/${file}`);
  return [
    ...list('test/fixtures'),
    ...list('library/nist-sp-800-53-r5'),
    ...list('library/nist-csf-2.0'),
    ...list('library/nist-sp-800-171-r3'),
  ].filter((f) => f.endsWith('.json'));
}

export const HIGH_CATALOG =
  'library/nist-sp-800-53-r5/NIST_SP-800-53_rev5_HIGH-baseline-resolved-profile_catalog-min.json';

/** The profile file of one NIST baseline. */
export function baselineProfile(baseline: string): string {
  return `library/nist-sp-800-53-r5/NIST_SP-800-53_rev5_${baseline}-baseline_profile.json`;
}

/** The object at `path` inside a parsed document, for tests that break documents on purpose. */
export function at(doc: unknown, path: (string | number)[]): Record<string, unknown> {
  return path.reduce((node, key) => (node as Record<string | number, unknown>)[key], doc) as Record<
    string,
    unknown
  >;
}
