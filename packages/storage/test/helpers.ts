import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { registerNames } from '@comply/schemas';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type Actor, openStorage, type Storage, type StorageOptions } from '../src/index.js';

/** The drivers this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS: { name: 'pglite' | 'postgres' }[] = process.env.TEST_DATABASE_URL
  ? [{ name: 'pglite' }, { name: 'postgres' }]
  : [{ name: 'pglite' }];

/** A fresh random schema name, e.g. `t_3f9a…`. */
export function randomSchema(): string {
  return `t_${randomBytes(6).toString('hex')}`;
}

/** A settable clock; tests move "today" explicitly. */
export function fixedClock(iso = '2026-06-15T12:00:00.000Z') {
  let now = new Date(iso);
  const clock = () => new Date(now);
  return Object.assign(clock, {
    set: (value: string) => {
      now = new Date(value);
    },
    tick: (ms = 1) => {
      now = new Date(now.getTime() + ms);
    },
  });
}

let template: Blob | undefined;

/** A new in-memory embedded database, started from the run's migrated one (test/global-setup.ts). */
export function embeddedDatabase(): { dataDir: string; template: Blob } {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return { dataDir: 'memory://', template };
}

/**
 * Opens a storage on a driver: on PostgreSQL in its own schema (dropped by `dispose`), on PGlite a
 * new in-memory database (in `schema` only when one is asked for).
 */
export async function openTestStorage(args: {
  driver: 'pglite' | 'postgres';
  schema?: string;
  options?: StorageOptions;
}): Promise<{ storage: Storage; schema: string; dispose: () => Promise<void> }> {
  const schema = args.schema ?? randomSchema();
  const where =
    args.driver === 'postgres'
      ? { databaseUrl: process.env.TEST_DATABASE_URL, schema }
      : args.schema
        ? { databaseUrl: 'memory://', schema }
        : embeddedDatabase();
  const storage = await openStorage({ ...where, ...args.options });
  return {
    storage,
    schema,
    dispose: async () => {
      await storage.close();
      if (args.driver === 'postgres') await dropSchema(schema);
    },
  };
}

/** Drops a test schema on the PostgreSQL test server. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema.replace(/[^a-z0-9_]/g, '')}" cascade`);
  } finally {
    await client.end();
  }
  void sql;
}

/** Checks that a write is refused with INVALID_INPUT naming `field`. */
export async function expectInvalid(write: Promise<unknown>, field: string): Promise<void> {
  await expect(write).rejects.toMatchObject({ code: 'INVALID_INPUT', field });
}

/** An actor for test writes. */
export function testActor(userId: string | null, action = 'test'): Actor {
  return { userId, tokenId: null, source: 'cli', action };
}

let userCounter = 0;

/** Creates a user and an organization they own. */
export async function seedOrganization(storage: Storage, name = 'Acme') {
  userCounter += 1;
  const user = await storage.users.create({
    email: `owner${userCounter}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse',
  });
  const organization = await storage.organizations.create({
    name,
    ownerUserId: user.id,
    actor: testActor(user.id, 'createOrganization'),
  });
  return { user, organization, actor: testActor(user.id) };
}

/** Every register of the catalog at zero: the organization counts of registers holding no records. */
export const NO_RECORDS: Readonly<Record<string, number>> = Object.fromEntries(
  registerNames.map((name) => [name, 0]),
);

/** A file's storage, filled in before the first test, and the clock it reads. */
export interface FileStorage {
  storage: Storage;
  /** Set at `fixedClock`'s default time before the first test; tests move it on. */
  clock: ReturnType<typeof fixedClock>;
}

/**
 * Registers a file's storage as its first `beforeAll` and its `afterAll`: opened on `driver` with a
 * fixed clock before the file's own set-up runs, disposed of after the last test.
 */
export function useStorage(driver: 'pglite' | 'postgres'): FileStorage {
  let dispose: (() => Promise<void>) | undefined;
  const ctx = { clock: fixedClock() } as FileStorage;
  beforeAll(async () => {
    ({ storage: ctx.storage, dispose } = await openTestStorage({ driver, options: { clock: ctx.clock } }));
  });
  afterAll(() => dispose?.());
  return ctx;
}

/** A file's storage with one seeded organization, filled in before the first test. */
export interface OneOrganization extends FileStorage {
  /** The organization the tests act in, and its owner. */
  org: string;
  userId: string;
}

/**
 * Registers a file's storage (as `useStorage`) and then an organization named `orgName` with its
 * owner, seeded before the file's own set-up runs.
 */
export function useOrganization(driver: 'pglite' | 'postgres', orgName = 'Acme'): OneOrganization {
  const ctx = useStorage(driver) as OneOrganization;
  beforeAll(async () => {
    const seeded = await seedOrganization(ctx.storage, orgName);
    ctx.org = seeded.organization.id;
    ctx.userId = seeded.user.id;
  });
  return ctx;
}

/** What `updaterOf` needs of a register's repository. */
interface Updatable<Patch, T> {
  update(args: { organizationId: string; actor: Actor; id: string; patch: Patch }): Promise<T>;
}

/**
 * A register test's one-line write: `update(id, patch)` of a record of the file's organization, as
 * `actor`, through the repository `register` picks from the storage.
 */
export function updaterOf<Patch, T>(
  ctx: OneOrganization,
  actor: Actor,
  register: (storage: Storage) => Updatable<Patch, T>,
): (id: string, patch: Patch) => Promise<T> {
  return (id, patch) => register(ctx.storage).update({ organizationId: ctx.org, actor, id, patch });
}

/** A storage with two organizations, each owned by its own user, for a file's tests. */
export interface TwoOrganizations extends OneOrganization {
  /** Another user's organization, whose records the tests must never reach. */
  foreignOrg: string;
  /** The owner writing through MCP with a token, doing `action`. */
  actor: (action: string) => Actor;
}

/**
 * Registers a file's set-up as its `beforeAll` and `afterAll`: a storage on `driver` with a fixed
 * clock and two seeded organizations; filled in before the first test, disposed of after the last.
 */
export function useTwoOrganizations(driver: 'pglite' | 'postgres'): TwoOrganizations {
  const ctx = useOrganization(driver) as TwoOrganizations;
  ctx.actor = (action: string): Actor => ({ userId: ctx.userId, tokenId: 'tok_TEST', source: 'mcp', action });
  beforeAll(async () => {
    ctx.foreignOrg = (await seedOrganization(ctx.storage, 'Foreign')).organization.id;
  });
  return ctx;
}
