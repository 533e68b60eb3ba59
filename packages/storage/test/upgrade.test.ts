import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, openStorage, type Storage } from '../src/index.js';
import { randomSchema } from './helpers.js';

const FIXTURES = new URL('./fixtures/upgrade/', import.meta.url);
const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.sql'));
const url = process.env.TEST_DATABASE_URL;

// Table → how to read one of its records back through the repositories.
const REGISTERS = {
  risks: (s: Storage) => s.risks,
  vendors: (s: Storage) => s.vendors,
  measures: (s: Storage) => s.measures,
  obligations: (s: Storage) => s.obligations,
  nonconformities: (s: Storage) => s.nonconformities,
  audits: (s: Storage) => s.audits,
  frameworks: (s: Storage) => s.frameworks,
} as const;

interface Row {
  id: string;
  organization_id: string;
  updated_at: Date;
}

async function restore(fixture: string, schema: string) {
  const text = readFileSync(new URL(fixture, FIXTURES), 'utf8').replaceAll('comply_fixture', schema);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
    const rows: Record<string, Row[]> = {};
    for (const table of Object.keys(REGISTERS)) {
      rows[table] = (
        await client.query<Row>(`select id, organization_id, updated_at from ${schema}.${table}`)
      ).rows;
    }
    const log = await client.query<{ n: number }>(`select count(*)::int as n from ${schema}.audit_log`);
    return { rows, auditEntries: log.rows[0]!.n };
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)('upgrades from a previous release’s database (PostgreSQL)', () => {
  it.each(fixtures)('%s migrates to the current schema with every record readable', async (fixture) => {
    const schema = randomSchema();
    const before = await restore(fixture, schema);
    const storage = await openStorage({ databaseUrl: url, schema });
    try {
      const applied = await storage.db.selectFrom('schema_migrations').select('version').execute();
      expect(applied.map((m) => m.version).sort()).toEqual(MIGRATIONS.map((m) => m.version).sort());
      // Migration 016 repairs rows that break an invariant and logs each with source `migration`;
      // the v0.1.0 demo held an ACCEPTED risk treated by TRANSFER.
      const repaired = await sql<{ record_id: string; after: { status: string; treatment: string } }>`
        select record_id, after from audit_log where source = 'migration'`.execute(storage.db);
      const changed = new Set(repaired.rows.map((row) => row.record_id));
      expect(repaired.rows.length).toBeGreaterThan(0);
      for (const { after } of repaired.rows) {
        if (after.status === 'ACCEPTED') expect(after.treatment).toBe('ACCEPT');
      }
      let checked = 0;
      for (const [table, repository] of Object.entries(REGISTERS)) {
        expect(before.rows[table]!.length, table).toBeGreaterThan(0);
        for (const row of before.rows[table]!) {
          const record = await repository(storage).get({ organizationId: row.organization_id, id: row.id });
          expect(record, `${table} ${row.id}`).not.toBeNull();
          if (!changed.has(row.id)) {
            expect(new Date(record!.updated_at).getTime()).toBe(row.updated_at.getTime());
          }
          checked++;
        }
      }
      // Migration 015: evidence written before valid_until existed is valid for the organization's
      // default 12 months after the UTC day it was collected (docs/data-model.md, Evidence validity).
      let evidence = 0;
      for (const row of before.rows.measures!) {
        const measure = await storage.measures.get({ organizationId: row.organization_id, id: row.id });
        for (const piece of measure!.evidence) {
          const [year, month, day] = piece.collected_at.slice(0, 10).split('-');
          const leap = month === '02' && day === '29';
          expect(piece.valid_until).toBe(`${Number(year) + 1}-${month}-${leap ? '28' : day}`);
          evidence++;
        }
      }
      expect(evidence).toBeGreaterThan(0);
      const entries = await storage.auditLog.list({ organizationId: before.rows.risks![0]!.organization_id });
      expect(entries.items.length).toBeGreaterThan(0);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(storage.db);
      expect(rows[0]!.n).toBe(before.auditEntries + repaired.rows.length);
      console.log(`${fixture}: ${checked} records read back after migrating`);
    } finally {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db);
      await storage.close();
    }
  });
});
