import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { expect } from 'vitest';
import { type ReadEntry, readZip } from './zip-reader.js';

/** An auditor package's manifest.json, as the tests read it (docs/server.md, "Auditor package"). */
export interface Manifest {
  framework: { id: string; name: string };
  period: { start: string; end: string };
  generated_at: string;
  generated_by: { user_id: string; email: string; token_id: string | null; source: string };
  sections: { name: string; [key: string]: unknown }[];
  files: {
    path: string;
    size: number;
    sha256: string;
    section: string;
    evidence_id?: string;
    revision?: number;
  }[];
  integrity: {
    evidence_files: number;
    problems: { evidence_id: string; recorded_sha256: string; actual_sha256: string }[];
  };
}

/** A package read back: every entry (hashed, bytes kept), its manifest, entries by path. */
export interface ReadPackage {
  entries: ReadEntry[];
  manifest: Manifest;
  byName: Map<string, ReadEntry>;
}

/** Reads a package file back with yauzl and parses its manifest. */
export async function readPackage(path: string): Promise<ReadPackage> {
  const entries = await readZip(path);
  const manifestEntry = entries.find((e) => e.name === 'manifest.json');
  expect(manifestEntry, 'manifest.json').toBeDefined();
  const manifest = JSON.parse(manifestEntry!.data!.toString()) as Manifest;
  return { entries, manifest, byName: new Map(entries.map((e) => [e.name, e])) };
}

/** Downloads a package over HTTP into `dir` (streamed to disk), checks its headers, reads it back. */
export async function downloadPackage(args: {
  url: string;
  headers: Record<string, string>;
  dir: string;
}): Promise<ReadPackage> {
  const response = await fetch(args.url, { headers: args.headers });
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="auditor-package-/);
  const path = join(args.dir, `package-${Math.random().toString(36).slice(2)}.zip`);
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(path));
  return readPackage(path);
}

/** Every file of the manifest is in the archive with that size and SHA-256, and nothing else is. */
export function verifyManifest({ entries, manifest }: { entries: ReadEntry[]; manifest: Manifest }) {
  const byName = new Map(entries.map((e) => [e.name, e]));
  for (const file of manifest.files) {
    const entry = byName.get(file.path);
    expect(entry, file.path).toBeDefined();
    expect({ size: entry!.size, sha256: entry!.sha256 }, file.path).toEqual({
      size: file.size,
      sha256: file.sha256,
    });
  }
  expect(entries.map((e) => e.name).sort()).toEqual(
    [...manifest.files.map((f) => f.path), 'manifest.json'].sort(),
  );
}
