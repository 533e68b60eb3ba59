import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// This file sits directly in src/ (and dist/ once built), so the package root is one level up.
const packageRoot = new URL('../', import.meta.url);

/** Absolute path of a file shipped with the package (schema/, library/). */
export function packageFilePath(relative: string): string {
  return fileURLToPath(new URL(relative, packageRoot));
}

/** Reads and parses a JSON file shipped with the package. */
export function readPackageJson(relative: string): unknown {
  return JSON.parse(readFileSync(packageFilePath(relative), 'utf8'));
}
