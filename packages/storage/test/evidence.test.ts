import { createHash } from 'node:crypto';
import type { EvidenceRecord } from '@comply/schemas';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseBlobStore } from '../src/blobs/blob-store.js';
import { readChunkByCopy } from '../src/blobs/copy-chunk.js';
import type { CreateOf } from '../src/registers/define.js';
import { withEvidenceFile } from '../src/registers/evidence.js';
import { DRIVERS, seedOrganization, testActor, updaterOf, useOrganization } from './helpers.js';
import { defineListTests } from './lists.js';

describe.each(DRIVERS)('evidence on $name', ({ name }) => {
  const ctx = useOrganization(name);
  const { clock } = ctx;
  let measureId: string;
  const actor = testActor(null, 'addEvidence');
  let all: EvidenceRecord[] = [];
  const update = updaterOf(ctx, actor, (storage) => storage.evidence);
  const byTitle = (title: string) => all.find((r) => r.title === title)!;

  beforeAll(async () => {
    measureId = (
      await ctx.storage.measures.create({ organizationId: ctx.org, actor, data: { name: 'Access review' } })
    ).id;
    const rows: CreateOf<'evidence'>[] = [
      {
        kind: 'URL',
        title: 'Pentest report',
        url: 'https://example.com/p.pdf',
        collected_at: '2026-01-10T00:00:00Z',
      },
      {
        kind: 'TEXT',
        title: 'access review minutes',
        text: 'Held.',
        measure_ids: [measureId],
        collected_at: '2025-03-01T00:00:00Z',
      },
      {
        kind: 'TEXT',
        title: 'Backup log',
        text: 'OK',
        description: 'Weekly access check',
        valid_until: '2026-12-31',
        collected_at: '2026-05-01T00:00:00Z',
      },
    ];
    for (const [index, data] of rows.entries()) {
      clock.set(`2026-06-15T13:0${[3, 1, 2][index]}:00.000Z`);
      await ctx.storage.evidence.create({ organizationId: ctx.org, actor, data });
    }
    clock.set('2026-06-15T13:00:00.000Z');
    const bytes = Buffer.from('policy text');
    const file = await ctx.storage.transaction(async (repos) => {
      const stored = await repos.evidenceVault.blobs(ctx.org).put([bytes]);
      return repos.evidence.create({
        organizationId: ctx.org,
        actor,
        data: withEvidenceFile(
          {
            kind: 'FILE',
            title: 'Policy file',
            measure_ids: [measureId],
            collected_at: '2026-06-01T00:00:00Z',
          },
          { filename: 'p.txt', media_type: 'text/plain', size: stored.size, sha256: stored.sha256 },
        ),
      });
    });
    expect(file.file).toMatchObject({
      revision: 1,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    await ctx.storage.evidence.create({
      organizationId: (await seedOrganization(ctx.storage, 'Other')).organization.id,
      actor,
      data: { kind: 'TEXT', title: 'Alien', text: 'x' },
    });
    let page = await ctx.storage.evidence.list({ organizationId: ctx.org, pageSize: 100 });
    for (const title of ['Backup log', 'Policy file']) {
      clock.set(title === 'Backup log' ? '2026-06-15T14:00:00.000Z' : '2026-06-15T14:10:00.000Z');
      const record = page.items.find((r) => r.title === title)!;
      await update(record.id, { description: 'Checked.' });
    }
    clock.set('2026-06-15T12:00:00.000Z');
    page = await ctx.storage.evidence.list({ organizationId: ctx.org, pageSize: 100 });
    all = page.items;
  });

  it('derives validity and the measure links, and a measure reads its evidence from the register', async () => {
    expect(all).toHaveLength(4);
    expect(byTitle('access review minutes')).toMatchObject({
      valid_until: '2026-03-01',
      expired: true,
      measure_ids: [measureId],
    });
    expect(byTitle('Backup log')).toMatchObject({
      valid_until: '2026-12-31',
      expired: false,
      file: null,
      revisions: [],
    });
    const measure = await ctx.storage.measures.get({ organizationId: ctx.org, id: measureId });
    expect(measure?.evidence.map((e) => e.title)).toEqual(['access review minutes', 'Policy file']);
  });

  defineListTests<EvidenceRecord>({
    state: () => ({ list: (p) => ctx.storage.evidence.list(p), organizationId: ctx.org, all }),
    filters: [
      [{ kind: ['TEXT'] }, (r) => r.kind === 'TEXT'],
      [{ kind: ['URL', 'FILE'] }, (r) => r.kind !== 'TEXT'],
      [{ expired: true }, (r) => r.expired],
      [{ expired: false }, (r) => !r.expired],
      [{ query: 'minutes' }, (r) => r.title === 'access review minutes'],
    ],
    orderings: [
      ['collected_at', (r) => r.collected_at],
      ['title', (r) => r.title.toLowerCase()],
    ],
    timestamps: ['created_at'],
    defaultOrder: { field: 'collected_at', direction: 'desc' },
  });

  it('filters by measure', async () => {
    const page = await ctx.storage.evidence.list({
      organizationId: ctx.org,
      filters: { measure_id: measureId },
    });
    expect(page.items.map((r) => r.title).sort()).toEqual(['Policy file', 'access review minutes']);
  });

  it('refuses kind mismatches, a future collected_at and a valid_until before it', async () => {
    const bad: [CreateOf<'evidence'>, string][] = [
      [{ kind: 'URL', title: 'x' }, 'url'],
      [{ kind: 'FILE', title: 'x' }, 'content_base64'],
      [{ kind: 'TEXT', title: 'x', text: 'y', url: 'https://example.com' }, 'url'],
      [{ kind: 'TEXT', title: 'x', text: 'y', collected_at: '2026-06-16T12:00:00Z' }, 'collected_at'],
      [
        {
          kind: 'TEXT',
          title: 'x',
          text: 'y',
          collected_at: '2026-06-10T00:00:00Z',
          valid_until: '2026-06-09',
        },
        'valid_until',
      ],
      [{ kind: 'TEXT', title: 'x', text: 'y', measure_ids: ['msr_nope'] }, 'measure_ids'],
    ];
    for (const [data, field] of bad) {
      await expect(
        ctx.storage.evidence.create({ organizationId: ctx.org, actor, data }),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        field,
      });
    }
  });

  it('stores identical content once per organization, in chunks, and rolls back with its transaction', async () => {
    const content = Buffer.alloc(2500, 1);
    const store = databaseBlobStore({
      db: ctx.storage.db,
      organizationId: ctx.org,
      driver: ctx.storage.driver,
      chunkBytes: 1000,
    });
    const first = await store.put([content.subarray(0, 700), content.subarray(700)]);
    const again = await store.put([content]);
    expect(first).toMatchObject({ size: 2500, existed: false });
    expect(again).toMatchObject({ sha256: first.sha256, existed: true });
    const chunks = await sql<{
      n: string;
    }>`select count(*) as n from blob_chunks c join blobs b on b.id = c.blob_id
      where b.sha256 = ${first.sha256}`.execute(ctx.storage.db);
    expect(Number(chunks.rows[0]?.n)).toBe(3);
    const back: Uint8Array[] = [];
    for await (const piece of (await store.get(first.sha256))!) back.push(piece);
    expect(Buffer.concat(back).equals(content)).toBe(true);
    const other = Buffer.from('rolled back');
    await expect(
      ctx.storage.transaction(async (repos) => {
        await repos.evidenceVault.blobs(ctx.org).put([other]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await store.get(createHash('sha256').update(other).digest('hex'))).toBeNull();
  });
  it('reads back every byte value, chunk by chunk, as the driver stores it (and in a transaction)', async () => {
    // Every byte value, so no text decoding on the way back can pass unnoticed.
    const content = Buffer.alloc(4600);
    for (let i = 0; i < content.length; i++) content[i] = (i * 7919) % 256;
    const store = databaseBlobStore({
      db: ctx.storage.db,
      organizationId: ctx.org,
      driver: ctx.storage.driver,
      chunkBytes: 1000,
    });
    // Pieces that straddle chunks, arriving while an insert is in flight: the put reuses its two
    // chunk buffers, so a buffer refilled too early would store the wrong bytes.
    const stored = await ctx.storage.transaction((repos) =>
      databaseBlobStore({
        db: repos.db,
        organizationId: ctx.org,
        driver: ctx.storage.driver,
        chunkBytes: 1000,
      }).put(
        (async function* () {
          for (let at = 0; at < content.length; at += 700) {
            await new Promise((resolve) => setImmediate(resolve));
            yield content.subarray(at, at + 700);
          }
        })(),
      ),
    );
    const back: Uint8Array[] = [];
    for await (const piece of (await store.get(stored.sha256))!) back.push(piece);
    expect(back.map((piece) => piece.byteLength)).toEqual([1000, 1000, 1000, 1000, 600]);
    expect(Buffer.concat(back).equals(content)).toBe(true);
    const inside = await ctx.storage.transaction(async (repos) => {
      const read: Uint8Array[] = [];
      for await (const piece of (await repos.evidenceVault.blobs(ctx.org).get(stored.sha256))!)
        read.push(piece);
      return Buffer.concat(read);
    });
    expect(inside.equals(content)).toBe(true);
    const empty = await store.put([]);
    const none: Uint8Array[] = [];
    for await (const piece of (await store.get(empty.sha256))!) none.push(piece);
    expect(none).toEqual([]);
    // A lost chunk ends the content short (verification then reports the mismatch).
    await sql`delete from blob_chunks where seq = 1 and blob_id = (select id from blobs
      where organization_id = ${ctx.org} and sha256 = ${stored.sha256})`.execute(ctx.storage.db);
    const short: Uint8Array[] = [];
    for await (const piece of (await store.get(stored.sha256))!) short.push(piece);
    expect(Buffer.concat(short).equals(content.subarray(0, 1000))).toBe(true);
  });
  it.skipIf(name !== 'postgres')(
    'fails a chunk read by COPY as a query, and the connection goes on',
    async () => {
      // No blob_chunks on this search path: the COPY fails in the database.
      await expect(
        ctx.storage.db.transaction().execute(async (trx) => {
          await sql`set local search_path to pg_catalog`.execute(trx);
          return readChunkByCopy({ db: trx, blobId: 'blob_missing', seq: 0 });
        }),
      ).rejects.toThrow();
      await expect(readChunkByCopy({ db: ctx.storage.db, blobId: "x' or '1'='1", seq: 0 })).rejects.toThrow(
        'Not a stored chunk reference.',
      );
      expect(await readChunkByCopy({ db: ctx.storage.db, blobId: 'blob_missing', seq: 0 })).toBeNull();
    },
  );
  it('finds evidence by a word of its description as well as its title', async () => {
    const other = (await seedOrganization(ctx.storage, 'Search')).organization.id;
    const data = (title: string, description: string | null) =>
      ({ kind: 'TEXT', title, description, collected_at: '2026-01-01T00:00:00Z' }) as CreateOf<'evidence'>;
    await ctx.storage.evidence.create({
      organizationId: other,
      actor,
      data: data('Alpha', 'Quarterly zebra review'),
    });
    await ctx.storage.evidence.create({
      organizationId: other,
      actor,
      data: data('Zebra crossing log', null),
    });
    await ctx.storage.evidence.create({ organizationId: other, actor, data: data('Beta', 'Nothing to see') });
    const found = await ctx.storage.evidence.list({ organizationId: other, filters: { query: 'ZEBRA' } });
    expect(found.items.map((r) => r.title).sort()).toEqual(['Alpha', 'Zebra crossing log']);
    expect(found.total_count).toBe(2);
  });
});
