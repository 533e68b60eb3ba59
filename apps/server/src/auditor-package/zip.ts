import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { EvidenceEntry } from './evidence.js';
import type { PackageFile } from './sections.js';

/** A file as the manifest lists it: where it is, its size and SHA-256 in the package. */
export interface ManifestFile {
  path: string;
  section: string;
  media_type: string;
  size: number;
  sha256: string;
  evidence_id?: string;
  revision?: number;
  current?: boolean;
}

/** A stored evidence file whose content no longer matches what was recorded at upload. */
export interface IntegrityProblem {
  path: string;
  evidence_id: string;
  revision: number;
  recorded_sha256: string;
  /** SHA-256 of the bytes the package holds; null when the content is missing from storage. */
  actual_sha256: string | null;
}

const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * Streams the package as a ZIP (yazl): the generated files first (deflated), then each evidence
 * file read from the blob store chunk by chunk (stored as is: the bytes in the archive are the
 * uploaded bytes), hashed on the way, then `manifest.json`, written last from what was actually
 * sent. One chunk of one file is held at a time; the response's backpressure pauses the reads.
 * A missing or tampered blob does not stop the package: the manifest reports it. A read that
 * fails midway destroys the stream (the download fails rather than ending short).
 */
export function zipPackage(args: {
  files: (PackageFile & { section: string })[];
  evidence: readonly EvidenceEntry[];
  /** Content the store no longer holds (listed in the manifest, not in the archive). */
  missing: ReadonlySet<string>;
  openBlob: (sha256: string) => Promise<AsyncIterable<Uint8Array> | null>;
  manifest: (files: ManifestFile[], problems: IntegrityProblem[]) => object;
  mtime: Date;
  onError: (error: unknown) => void;
}): Readable {
  const zip = new ZipFile();
  const listed: ManifestFile[] = [];
  const problems: IntegrityProblem[] = [];
  const output = zip.outputStream as Readable;
  const fail = (error: unknown) => {
    args.onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  let reading: Readable | null = null;
  output.on('close', () => reading?.destroy());

  for (const file of args.files) {
    zip.addBuffer(file.content, file.path, { mtime: args.mtime, compress: true });
    listed.push({
      path: file.path,
      section: file.section,
      media_type: file.mediaType,
      size: file.content.length,
      sha256: sha256Of(file.content),
    });
  }
  for (const entry of args.evidence) {
    const problem = {
      path: entry.path,
      evidence_id: entry.evidenceId,
      revision: entry.revision,
      recorded_sha256: entry.sha256,
    };
    if (args.missing.has(entry.sha256)) {
      problems.push({ ...problem, actual_sha256: null });
      continue;
    }
    zip.addReadStreamLazy(entry.path, { mtime: args.mtime, compress: false }, (callback) => {
      const hash = createHash('sha256');
      let size = 0;
      async function* hashed() {
        const content = await args.openBlob(entry.sha256);
        if (content) {
          for await (const chunk of content) {
            hash.update(chunk);
            size += chunk.byteLength;
            yield chunk;
          }
        }
        const sha256 = hash.digest('hex');
        listed.push({
          path: entry.path,
          section: 'evidence',
          media_type: entry.mediaType,
          size,
          sha256,
          evidence_id: entry.evidenceId,
          revision: entry.revision,
          current: entry.current,
        });
        if (sha256 !== entry.sha256 || size !== entry.size)
          problems.push({ ...problem, actual_sha256: sha256 });
      }
      reading = Readable.from(hashed(), { objectMode: false });
      reading.on('error', fail);
      callback(null, reading);
    });
  }
  zip.addReadStreamLazy('manifest.json', { mtime: args.mtime, compress: true }, (callback) => {
    const text = `${JSON.stringify(args.manifest(listed, problems), null, 2)}\n`;
    callback(null, Readable.from([Buffer.from(text)]));
  });
  zip.end();
  return output;
}
