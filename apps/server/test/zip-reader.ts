import { createHash } from 'node:crypto';
import yauzl from 'yauzl';

/** One entry of a ZIP as read back: its SHA-256 and size, and its bytes when asked to keep them. */
export interface ReadEntry {
  name: string;
  size: number;
  sha256: string;
  data?: Buffer;
}

/**
 * Reads every entry of a ZIP file with yauzl (the maintained reader: CRC-32 and sizes checked while
 * inflating), hashing each as it streams; `keep` names the entries whose bytes to return too.
 */
export function readZip(path: string, keep: (name: string) => boolean = () => true): Promise<ReadEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError);
      const entries: ReadEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const hash = createHash('sha256');
          const parts: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            hash.update(chunk);
            size += chunk.length;
            if (keep(entry.fileName)) parts.push(chunk);
          });
          stream.on('error', reject);
          stream.on('end', () => {
            const read: ReadEntry = { name: entry.fileName, size, sha256: hash.digest('hex') };
            if (keep(entry.fileName)) read.data = Buffer.concat(parts);
            entries.push(read);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
