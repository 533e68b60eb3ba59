import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import { newId } from '../ids.js';
import { chunkCopyStream, readChunkByCopy, readChunkFromDevBlob, writeChunkToDevBlob } from './copy-chunk.js';

/** Bytes per stored chunk: one `blob_chunks` row, so neither driver holds a whole file. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

/** The first bytes of a stored blob, kept for sniffing its media type. */
export const BLOB_HEAD_BYTES = 4100;

/** What a put stored: the content's SHA-256 (hex), its size, and its first bytes. */
export interface StoredBlob {
  sha256: string;
  size: number;
  head: Uint8Array;
  /** Whether this content was stored before (the new copy was not kept). */
  existed: boolean;
}

/** Content bigger than the put's `maxBytes`; nothing of it is kept. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content exceeds ${maxBytes} bytes.`);
    this.name = 'BlobTooLargeError';
  }
}

/**
 * Content-addressed file storage of one organization: `put` streams content in and answers its
 * SHA-256, `get` streams it back. Identical content is stored once. The database implementation
 * below writes within the caller's transaction; an object store can implement the same interface.
 */
export interface BlobStore {
  put(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    options?: { maxBytes?: number; signal?: AbortSignal },
  ): Promise<StoredBlob>;
  /** The content by SHA-256, chunk by chunk, or null when it is not stored. */
  get(sha256: string): Promise<AsyncIterable<Uint8Array> | null>;
}

/**
 * Blobs in the database (PGlite and PostgreSQL): `blobs` (one row per organization and SHA-256)
 * and `blob_chunks` (≤ 1 MiB `bytea` rows). Pass a transaction as `db` so a put commits or rolls
 * back with the record that references it: chunks are written as they arrive under a fresh blob
 * id, and when the content's hash is already stored they are deleted again in the same
 * transaction. Memory held: two chunks (one being written while the next is read).
 */
export function databaseBlobStore(args: {
  db: Db;
  organizationId: string;
  /** How chunks travel: PostgreSQL's binary parameters and COPY, or PGlite's `/dev/blob`. */
  driver: 'pglite' | 'postgres';
  chunkBytes?: number;
}): BlobStore {
  const { db, organizationId } = args;
  const onPostgres = args.driver === 'postgres';
  const chunkBytes = args.chunkBytes ?? BLOB_CHUNK_BYTES;
  return {
    async put(source, options = {}) {
      const { maxBytes = Number.MAX_SAFE_INTEGER, signal } = options;
      const hash = createHash('sha256');
      const blobId = newId('blob');
      const head = new Uint8Array(BLOB_HEAD_BYTES);
      let headLength = 0;
      let size = 0;
      let seq = 0;
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      // One chunk insert in flight while the next chunk is read: the upload's reading and the
      // database's writing overlap instead of taking turns (docs/performance.md, "Evidence vault").
      let writing = null as Promise<unknown> | null;
      // On PostgreSQL, full chunks are gathered into two buffers taken in turn, not a new one
      // each: a buffer is filled again only after the insert that sent it has ended (the next
      // flush awaits it), and a large upload then allocates no memory per chunk for the store's
      // part. On PGlite each chunk's COPY stream is a new Blob.
      const spare: Buffer[] = [];
      const flush = async () => {
        if (pendingBytes === 0) return;
        let write: () => Promise<unknown>;
        if (onPostgres) {
          let data: Buffer;
          if (pendingBytes === chunkBytes) {
            data = spare[seq % 2] ?? Buffer.allocUnsafe(chunkBytes);
            spare[seq % 2] = data;
            let offset = 0;
            for (const part of pending) {
              data.set(part, offset);
              offset += part.byteLength;
            }
          } else data = Buffer.concat(pending, pendingBytes);
          // node-postgres sends a Buffer parameter as raw bytes.
          const at = seq;
          write = () =>
            sql`insert into blob_chunks (blob_id, seq, data) values (${blobId}, ${at}, ${data})`.execute(db);
        } else {
          // PGlite's bytea parameters go through a per-byte hex conversion in JavaScript: the chunk
          // goes in as a binary COPY stream read from `/dev/blob` (copy-chunk.ts). The stream is a
          // Blob holding a copy of the pieces, so they are not kept.
          const stream = chunkCopyStream({ blobId, seq, parts: pending, length: pendingBytes });
          write = () => writeChunkToDevBlob({ db, stream });
        }
        pending = [];
        pendingBytes = 0;
        if (writing) await writing;
        writing = write();
        // Awaited before the next insert or at the end; until then a failure must not go unhandled.
        writing.catch(() => undefined);
        seq += 1;
      };
      try {
        for await (const piece of source) {
          signal?.throwIfAborted();
          size += piece.byteLength;
          if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
          hash.update(piece);
          if (headLength < BLOB_HEAD_BYTES) {
            const take = piece.subarray(0, BLOB_HEAD_BYTES - headLength);
            head.set(take, headLength);
            headLength += take.byteLength;
          }
          let rest = piece;
          while (rest.byteLength > 0) {
            const room = chunkBytes - pendingBytes;
            pending.push(rest.subarray(0, room));
            pendingBytes += Math.min(room, rest.byteLength);
            rest = rest.subarray(room);
            if (pendingBytes === chunkBytes) await flush();
          }
        }
        signal?.throwIfAborted();
        await flush();
        await writing;
      } catch (error) {
        // The transaction rolls back on this error: let the insert in flight end first.
        await writing?.catch(() => undefined);
        throw error;
      }
      const sha256 = hash.digest('hex');
      const inserted = await sql<{
        id: string;
      }>`insert into blobs (organization_id, sha256, id, size, chunks, created_at)
        values (${organizationId}, ${sha256}, ${blobId}, ${size}, ${seq}, now())
        on conflict (organization_id, sha256) do nothing returning id`.execute(db);
      const existed = inserted.rows.length === 0;
      if (existed && seq > 0) await sql`delete from blob_chunks where blob_id = ${blobId}`.execute(db);
      return { sha256, size, head: head.slice(0, headLength), existed };
    },

    async get(sha256) {
      const found = await sql<{ id: string; chunks: number }>`select id, chunks from blobs
        where organization_id = ${organizationId} and sha256 = ${sha256}`.execute(db);
      const blob = found.rows[0];
      if (!blob) return null;
      return (async function* chunks() {
        // One chunk per query: a download holds one chunk of memory, whatever the file's size.
        for (let seq = 0; seq < blob.chunks; seq++) {
          // The chunk's bytes as they are, by binary COPY (copy-chunk.ts): no string on the V8 heap.
          const data = onPostgres
            ? await readChunkByCopy({ db, blobId: blob.id, seq })
            : await readChunkFromDevBlob({ db, blobId: blob.id, seq });
          if (data === null) return;
          yield data;
        }
      })();
    },
  };
}

/** SHA-256 and size of streamed content, for re-checking what a store holds. */
export async function hashOf(source: AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of source) {
    hash.update(piece);
    size += piece.byteLength;
  }
  return { sha256: hash.digest('hex'), size };
}
