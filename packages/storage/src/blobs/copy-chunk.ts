import type { CompiledQuery } from 'kysely';
import { runDevBlob } from '../db/pglite/dev-blob.js';
import type { Db } from '../db/types.js';

/** The signature every binary COPY stream starts with (PostgreSQL, "COPY", binary format). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

const ID = /^[A-Za-z0-9_-]+$/;

/** COPY takes no parameters: a chunk's reference goes into its text (or stream) only when checked. */
function checkReference(blobId: string, seq: number): void {
  if (!ID.test(blobId) || !Number.isInteger(seq) || seq < 0 || seq > 0x7fffffff) {
    throw new Error('Not a stored chunk reference.');
  }
}

/**
 * A PostgreSQL chunk read that never makes a string of the bytes. node-postgres reads every result
 * value as text: a `bytea` column arrives as a hex (or, encoded, base64) string on the V8 heap, twice
 * or 1.33 times the chunk's size, garbage as soon as it is decoded; a package of hundreds of
 * megabytes makes the server's heap grow by as much before a full collection (docs/performance.md,
 * "Chunks read by binary COPY"). Its binary result mode reads the value as UTF-8 text too, which corrupts bytes.
 * `COPY … TO STDOUT (FORMAT binary)` sends the value as CopyData messages, which the driver hands
 * over as bytes: copied once out of the socket's buffer, never decoded.
 *
 * The query is a node-postgres "submittable" (the protocol handlers a pg client calls, like
 * pg-cursor's) passed through Kysely as the query's text, so it runs on the caller's connection (a
 * transaction's, or one from the pool); it is also a promise of the rows, which is what Kysely's
 * PostgreSQL connection awaits.
 */
class CopyChunk {
  readonly #text: string;
  readonly #parts: Buffer[] = [];
  #error: unknown = null;
  #settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  readonly #done: Promise<{ command: string; rowCount: number; rows: { data: Buffer }[] }>;

  constructor(text: string) {
    this.#text = text;
    this.#done = new Promise((resolve, reject) => {
      this.#settle = { resolve: resolve as (value: unknown) => void, reject };
    });
  }

  // biome-ignore lint/suspicious/noThenProperty: Kysely awaits what the pg client's query() returns.
  then<T, E = never>(
    onFulfilled?: ((value: { command: string; rowCount: number; rows: { data: Buffer }[] }) => T) | null,
    onRejected?: ((error: unknown) => E) | null,
  ): Promise<T | E> {
    return this.#done.then(onFulfilled, onRejected);
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.#text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    // The chunk is a view of the driver's receive buffer, which it reuses: keep a copy.
    this.#parts.push(Buffer.from(message.chunk));
  }

  /** The client stops routing messages to a query that failed: settle now, not at ReadyForQuery. */
  handleError(error: unknown): void {
    this.#error ??= error;
    this.#finish();
  }

  handleReadyForQuery(): void {
    this.#finish();
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}

  #finish(): void {
    const settle = this.#settle;
    if (!settle) return;
    this.#settle = null;
    if (this.#error) {
      settle.reject(this.#error);
      return;
    }
    try {
      const data = onlyValue(this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts));
      this.#parts.length = 0;
      settle.resolve({ command: 'COPY', rowCount: data ? 1 : 0, rows: data ? [{ data }] : [] });
    } catch (error) {
      settle.reject(error);
    }
  }
}

/** The value of a one-column binary COPY of at most one row: its bytes, or null without a row. */
function onlyValue(copy: Buffer): Buffer | null {
  if (copy.length < SIGNATURE.length + 8 || !copy.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
    throw new Error('The database sent no binary COPY header.');
  }
  let offset = SIGNATURE.length + 4;
  offset += 4 + copy.readInt32BE(offset);
  const fields = copy.readInt16BE(offset);
  if (fields === -1) return null;
  if (fields !== 1) throw new Error(`A chunk row has ${fields} columns, not 1.`);
  const length = copy.readInt32BE(offset + 2);
  if (length < 0) return null;
  const start = offset + 6;
  if (start + length > copy.length) throw new Error('The binary COPY of a chunk ended short.');
  return copy.subarray(start, start + length);
}

/**
 * The bytes of chunk `seq` of blob `blobId` on PostgreSQL, or null when there is no such chunk.
 * COPY takes no parameters: the id is a generated blob id (checked) and `seq` an integer.
 */
export async function readChunkByCopy(args: { db: Db; blobId: string; seq: number }): Promise<Buffer | null> {
  const { db, blobId, seq } = args;
  checkReference(blobId, seq);
  const text = `copy (select data from blob_chunks where blob_id = '${blobId}' and seq = ${seq}) to stdout with (format binary)`;
  const query = new CopyChunk(text);
  const compiled = {
    // Kysely hands `sql` to the pg client's query() untouched; the client runs a submittable itself.
    sql: query as unknown as string,
    parameters: [],
    query: { kind: 'RawNode', sqlFragments: [text], parameters: [] },
    queryId: { queryId: `copy-chunk-${seq}` },
  } as unknown as CompiledQuery<{ data: Buffer }>;
  const result = await db.executeQuery(compiled);
  return result.rows[0]?.data ?? null;
}

/**
 * The bytes of chunk `seq` of blob `blobId` on PGlite, or null when there is no such chunk. PGlite
 * answers a `bytea` column as hex text decoded in JavaScript, byte by byte (base64 through
 * `encode` is faster, still a string four thirds the chunk's size); `COPY … TO '/dev/blob'` writes
 * the value's bytes as they are, which the database hands over as a Blob (docs/storage.md).
 */
export async function readChunkFromDevBlob(args: {
  db: Db;
  blobId: string;
  seq: number;
}): Promise<Buffer | null> {
  const { db, blobId, seq } = args;
  checkReference(blobId, seq);
  const written = await runDevBlob({
    db,
    text: `copy (select data from blob_chunks where blob_id = '${blobId}' and seq = ${seq}) to '/dev/blob' with (format binary)`,
  });
  if (!written) throw new Error('The database sent no binary COPY header.');
  return onlyValue(Buffer.from(await written.arrayBuffer()));
}

/**
 * What Blob's constructor takes. With the DOM's types (a package compiling this with them) it takes
 * no view that might be of a SharedArrayBuffer; Node's Blob copies any view.
 */
type BlobParts = NonNullable<ConstructorParameters<typeof Blob>[0]>;

/** The end of a binary COPY stream: a tuple of -1 fields. */
const TRAILER = Buffer.from([0xff, 0xff]);

/**
 * Chunk `seq` of blob `blobId` as a binary COPY stream of one `blob_chunks` row, its bytes given as
 * `parts` (`length` bytes in all): what `writeChunkToDevBlob` reads. The Blob holds a copy of the
 * parts, which the caller may reuse at once.
 */
export function chunkCopyStream(args: {
  blobId: string;
  seq: number;
  parts: readonly Uint8Array[];
  length: number;
}): Blob {
  const { blobId, seq, parts, length } = args;
  checkReference(blobId, seq);
  const id = Buffer.from(blobId, 'latin1');
  // The header (signature, flags 0, no extension), then the tuple: 3 fields, each an int32 length
  // and its bytes: blob_id as text, seq as a big-endian int4, data's length (its bytes follow).
  const head = Buffer.alloc(SIGNATURE.length + 4 + 4 + 2 + 4 + id.length + 4 + 4 + 4);
  let offset = SIGNATURE.copy(head, 0);
  offset = head.writeInt32BE(0, offset);
  offset = head.writeInt32BE(0, offset);
  offset = head.writeInt16BE(3, offset);
  offset = head.writeInt32BE(id.length, offset);
  offset += id.copy(head, offset);
  offset = head.writeInt32BE(4, offset);
  offset = head.writeInt32BE(seq, offset);
  head.writeInt32BE(length, offset);
  return new Blob([head, ...parts, TRAILER] as unknown as BlobParts);
}

/**
 * Writes a chunk on PGlite by `COPY blob_chunks FROM '/dev/blob'`, `stream` being its binary COPY
 * (`chunkCopyStream`): the database reads the bytes as they are, where a `bytea` parameter would
 * be turned into hex text byte by byte in JavaScript, and base64 text costs a string four thirds
 * the chunk's size and the database's decoding (docs/storage.md).
 */
export function writeChunkToDevBlob(args: { db: Db; stream: Blob }): Promise<unknown> {
  return runDevBlob({
    db: args.db,
    text: "copy blob_chunks (blob_id, seq, data) from '/dev/blob' with (format binary)",
    blob: args.stream,
  });
}
