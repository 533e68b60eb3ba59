import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGLITE_PARSERS } from '../src/db/pglite/connect.js';
import { PGliteDialect } from '../src/db/pglite/dialect.js';

interface Sample {
  id: string;
  label: string | null;
  small: number | null;
  whole: number | null;
  big: number | null;
  flag: boolean | null;
  day: string | null;
  at: Date | number | null;
  local: Date | null;
  doc: unknown;
  tags: string[] | null;
}
interface Db {
  samples: Sample;
}

// Every column type the schema uses, with nulls, infinities, microseconds and awkward text.
const ROWS = sql`insert into samples values
  ('a', 'plain', 1, 2, 3, true, '2026-02-28', '2026-11-24 04:15:23.123456+00', '2026-11-24 04:15:23.5', '{"k": [1, "x", null]}', '{a,b}'),
  ('b', E'quote " backslash \\\\ newline \\n tab \\t é 😀', -32768, 2147483647, 9007199254740991, false,
   '0001-01-01', 'infinity', '1999-12-31 23:59:59.999999', '[]', '{}'),
  ('c', '2026-11-24T04:15:23.123+00:00', null, null, null, null, null, '-infinity', null, 'null', null),
  ('d', null, 0, 0, 0, null, null, null, null, null, '{"with space","with,comma",NULL}')`;

describe('PGlite rows as JSON', () => {
  let pglite: PGlite;
  let asJson: Kysely<Db>;
  let fieldByField: Kysely<Db>;

  beforeAll(async () => {
    pglite = new PGlite('memory://', { parsers: PGLITE_PARSERS });
    asJson = new Kysely<Db>({ dialect: new PGliteDialect(pglite) });
    fieldByField = new Kysely<Db>({ dialect: new PGliteDialect(pglite, { rowsAsJson: false }) });
    await sql`create table samples (id text primary key, label text, small smallint, whole integer,
      big bigint, flag boolean, day date, at timestamptz, local timestamp, doc jsonb, tags text[])`.execute(
      fieldByField,
    );
    await ROWS.execute(fieldByField);
  });
  afterAll(() => pglite.close());

  const selects = (db: Kysely<Db>) => [
    db.selectFrom('samples').selectAll().orderBy('id'),
    db.selectFrom('samples').selectAll().where('id', '=', 'b'),
    db
      .selectFrom('samples')
      .select(['id', sql<number>`count(*) over ()`.as('n'), sql<Date>`at + interval '1 day'`.as('later')])
      .orderBy('id', 'desc'),
    db.selectFrom('samples').select((eb) => eb.fn.countAll<number>().as('count')),
    db
      .with('firsts', (w) => w.selectFrom('samples').selectAll().limit(2))
      .selectFrom('firsts')
      .selectAll(),
    db.selectFrom('samples').selectAll().where('id', '=', 'a').forUpdate(),
  ];

  it('returns what PGlite returns field by field, from the second run of a select on', async () => {
    const query = vi.spyOn(pglite, 'query');
    const prepared = vi.spyOn(pglite, 'execProtocolStream');
    try {
      const expected = [];
      for (const select of selects(fieldByField)) expected.push(await select.execute());
      const runs = [];
      for (let run = 0; run < 3; run++) {
        query.mockClear();
        prepared.mockClear();
        const got = [];
        for (const select of selects(asJson)) got.push(await select.execute());
        expect(got).toEqual(expected);
        runs.push({ queries: query.mock.calls.length, exchanges: prepared.mock.calls.length });
      }
      // First run: PGlite's query, which learns the columns. Second: prepare (one exchange) and
      // execute (one). From then on: one exchange per select, and no query().
      expect(runs).toEqual([
        { queries: 6, exchanges: expect.any(Number) },
        { queries: 0, exchanges: 12 },
        { queries: 0, exchanges: 6 },
      ]);
    } finally {
      query.mockRestore();
      prepared.mockRestore();
    }
  });

  it('learns a select again after a table changes, so a column that became a timestamp reads as a Date', async () => {
    await sql`create table changing (id text primary key, at text)`.execute(asJson);
    await sql`insert into changing values ('x', '2026-01-02T03:04:05.678Z')`.execute(asJson);
    const all = () =>
      asJson
        .selectFrom('changing' as never)
        .selectAll()
        .execute();
    for (let run = 0; run < 3; run++)
      expect(await all()).toEqual([{ id: 'x', at: '2026-01-02T03:04:05.678Z' }]);
    await sql`alter table changing alter column at type timestamptz using at::timestamptz`.execute(asJson);
    for (let run = 0; run < 3; run++) {
      expect(await all()).toEqual([{ id: 'x', at: new Date('2026-01-02T03:04:05.678Z') }]);
    }
  });

  it('reports a failing prepared select as PGlite reports the same failure, and goes on', async () => {
    const failing = () =>
      asJson
        .selectFrom('samples')
        .select(sql<number>`1 / (length(id) - 1)`.as('x'))
        .where('id', '=', sql<string>`${'a'}`)
        .execute();
    await expect(
      fieldByField
        .selectFrom('samples')
        .select(sql<number>`1 / (length(id) - 1)`.as('x'))
        .where('id', '=', sql<string>`${'a'}`)
        .execute(),
    ).rejects.toThrow('division by zero');
    for (let run = 0; run < 3; run++) await expect(failing()).rejects.toThrow('division by zero');
    expect(await asJson.selectFrom('samples').select('id').where('id', '=', 'a').execute()).toEqual([
      { id: 'a' },
    ]);
  });

  it('keeps dates and timestamps as PGlite parses them', async () => {
    await asJson.selectFrom('samples').selectAll().orderBy('id').execute();
    const rows = await asJson.selectFrom('samples').selectAll().orderBy('id').execute();
    expect(rows[0]?.at).toEqual(new Date('2026-11-24T04:15:23.123Z'));
    expect(rows[0]?.day).toBe('2026-02-28');
    expect(rows[1]?.at).toBe(Number.POSITIVE_INFINITY);
    expect(rows[2]?.at).toBe(Number.NEGATIVE_INFINITY);
    expect(rows[2]?.label).toBe('2026-11-24T04:15:23.123+00:00');
    expect(rows[2]?.doc).toBeNull();
    expect(rows[1]?.big).toBe(9007199254740991);
  });

  it('never wraps a select whose CTE writes', async () => {
    const query = vi.spyOn(pglite, 'query');
    try {
      for (let run = 0; run < 2; run++) {
        const inserted = await asJson
          .with('added', (w) =>
            w
              .insertInto('samples')
              .values({ id: `w${run}`, label: 'written' })
              .returning(['id', 'label']),
          )
          .selectFrom('added')
          .selectAll()
          .execute();
        expect(inserted).toEqual([{ id: `w${run}`, label: 'written' }]);
      }
      expect(query.mock.calls.filter(([text]) => text.startsWith('with "added"'))).toHaveLength(2);
    } finally {
      query.mockRestore();
    }
  });
});
