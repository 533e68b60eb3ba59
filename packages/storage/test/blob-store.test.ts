import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BLOB_CHUNK_BYTES } from '../src/blobs/blob-store.js';
import { chunkCopyStream, readChunkFromDevBlob, writeChunkToDevBlob } from '../src/blobs/copy-chunk.js';
import { runDevBlob } from '../src/db/pglite/dev-blob.js';
import { DRIVERS, useOrganization } from './helpers.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `size` bytes in which every byte value occurs once `size` ≥ 256 (7919 is odd: a full cycle). */
function content(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7919 + 13) % 256;
  return bytes;
}

/** Pieces of an odd size, so they straddle the chunk boundaries. */
function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += 65_537) yield bytes.subarray(at, at + 65_537);
}

describe.each(DRIVERS)('blob store on $name', ({ name }) => {
  const ctx = useOrganization(name);

  const chunk = BLOB_CHUNK_BYTES;
  it.each([0, 1, chunk - 1, chunk, chunk + 1, 3 * chunk])(
    'stores %i bytes as they are and reads them back',
    async (size) => {
      const bytes = content(size);
      const stored = await ctx.storage.transaction((repos) =>
        repos.evidenceVault.blobs(ctx.org).put(pieces(bytes)),
      );
      expect(stored).toMatchObject({ sha256: sha256(bytes), size, existed: false });
      expect(Buffer.from(stored.head).equals(bytes.subarray(0, 4100))).toBe(true);

      // What the database holds, hashed by the database: each chunk's bytes, not a text of them.
      const rows = await sql<{ seq: number; length: number; sha256: string }>`
        select c.seq, length(c.data) as length, encode(sha256(c.data), 'hex') as sha256
        from blob_chunks c join blobs b on b.id = c.blob_id
        where b.organization_id = ${ctx.org} and b.sha256 = ${stored.sha256} order by c.seq`.execute(
        ctx.storage.db,
      );
      const expected = [];
      for (let at = 0; at < size; at += chunk) {
        const part = bytes.subarray(at, at + chunk);
        expected.push({ seq: at / chunk, length: part.length, sha256: sha256(part) });
      }
      expect(rows.rows).toEqual(expected);

      const back: Uint8Array[] = [];
      for await (const piece of (await ctx.storage.evidenceVault.blobs(ctx.org).get(stored.sha256))!)
        back.push(piece);
      expect(back.map((piece) => piece.byteLength)).toEqual(expected.map((row) => row.length));
      const read = Buffer.concat(back);
      expect(sha256(read)).toBe(stored.sha256);
      expect(read.equals(bytes)).toBe(true);
    },
  );

  it('writes the chunks in the caller transaction, which takes them back when it rolls back', async () => {
    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from blob_chunks`.execute(ctx.storage.db)).rows[0]?.n,
      );
    const before = await count();
    const bytes = content(chunk + 5).reverse();
    await expect(
      ctx.storage.transaction(async (repos) => {
        await repos.evidenceVault.blobs(ctx.org).put([bytes]);
        const inside = await sql<{ n: string }>`select count(*) as n from blob_chunks`.execute(repos.db);
        expect(Number(inside.rows[0]?.n)).toBe(before + 2);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await count()).toBe(before);
    expect(await ctx.storage.evidenceVault.blobs(ctx.org).get(sha256(bytes))).toBeNull();
  });

  it.skipIf(name !== 'pglite')(
    'refuses unchecked chunk references and leaves nothing of a failed /dev/blob statement',
    async () => {
      expect(() =>
        chunkCopyStream({ blobId: "x'; drop table blobs; --", seq: 0, parts: [], length: 0 }),
      ).toThrow('Not a stored chunk reference.');
      expect(() => chunkCopyStream({ blobId: 'blob_x', seq: -1, parts: [], length: 0 })).toThrow(
        'Not a stored chunk reference.',
      );
      await expect(
        readChunkFromDevBlob({ db: ctx.storage.db, blobId: "x' or '1'='1", seq: 0 }),
      ).rejects.toThrow('Not a stored chunk reference.');
      expect(await readChunkFromDevBlob({ db: ctx.storage.db, blobId: 'blob_missing', seq: 0 })).toBeNull();

      const bytes = content(3000);
      const stored = await ctx.storage.evidenceVault.blobs(ctx.org).put([bytes]);
      const { id } = (
        await sql<{
          id: string;
        }>`select id from blobs where organization_id = ${ctx.org} and sha256 = ${stored.sha256}`.execute(
          ctx.storage.db,
        )
      ).rows[0]!;
      // A COPY that fails after writing its header and a row: the next read, right after it,
      // answers its own chunk, not what the failed statement had written ahead of it.
      await expect(
        runDevBlob({
          db: ctx.storage.db,
          text: "copy (select 1 / (2 - x) from generate_series(1, 3) x) to '/dev/blob' with (format binary)",
        }),
      ).rejects.toThrow();
      expect((await readChunkFromDevBlob({ db: ctx.storage.db, blobId: id, seq: 0 }))?.equals(bytes)).toBe(
        true,
      );
      // A COPY of a stream that is not one fails, and the database goes on.
      await expect(
        writeChunkToDevBlob({ db: ctx.storage.db, stream: new Blob(['not a COPY']) }),
      ).rejects.toThrow();
      expect((await readChunkFromDevBlob({ db: ctx.storage.db, blobId: id, seq: 0 }))?.equals(bytes)).toBe(
        true,
      );
    },
  );
});
