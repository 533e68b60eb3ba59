import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Actor, openStorage, type StorageOptions } from '@comply/storage';
import { sql } from 'kysely';
import { type ChildServer, startChildServer } from './child-server.js';

const ACTOR: Actor = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' };

/** A server in its own process on a fresh database, with one owner and a read-write token. */
export interface ChildTenant {
  server: ChildServer;
  organizationId: string;
  token: string;
  /** Stops the server (SIGKILL: a stalled one cannot shut down) and drops its database. */
  stop(): Promise<void>;
}

/** A fresh database for a server process: a PGlite data directory or a PostgreSQL schema. */
export function childDatabase(
  driver: 'pglite' | 'postgres',
  prefix: string,
): {
  env: Record<string, string>;
  options: StorageOptions;
  cleanup(): Promise<void> | void;
} {
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
    return {
      env: { DATABASE_URL: url, COMPLY_SCHEMA: schema },
      options: { databaseUrl: url, schema },
      async cleanup() {
        const storage = await openStorage({ databaseUrl: url, schema });
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db);
        await storage.close();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), `comply-${prefix}-`));
  const dataDir = join(dir, 'data');
  return {
    env: { COMPLY_DATA_DIR: dataDir },
    options: { dataDir },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Adds `name`'s owner, organization and read-write token to the database, before a server opens it. */
export async function seedOwner({
  options,
  name,
}: {
  options: StorageOptions;
  name: string;
}): Promise<{ organizationId: string; token: string }> {
  const setup = await openStorage(options);
  const user = await setup.users.create({ email: `${name}@example.test`, password: `${name} test password` });
  const org = await setup.organizations.create({ name, ownerUserId: user.id, actor: ACTOR });
  const { secret } = await setup.tokens.create({
    userId: user.id,
    name,
    scope: 'WRITE',
    expiresAt: null,
    actor: ACTOR,
  });
  await setup.close();
  return { organizationId: org.id, token: secret };
}

/**
 * Prepares the database, then starts the server process on it, its heap capped at `heapMb` so a
 * runaway request (on a build without the limits) crashes that process instead of the machine.
 */
export async function startChildTenant({
  driver,
  heapMb = 1536,
}: {
  driver: 'pglite' | 'postgres';
  heapMb?: number;
}): Promise<ChildTenant> {
  const target = childDatabase(driver, 'live');
  const { organizationId, token } = await seedOwner({ options: target.options, name: 'live' });
  const server = await startChildServer({
    ...target.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${heapMb}`.trim(),
  });
  return {
    server,
    organizationId,
    token,
    async stop() {
      await server.kill();
      await target.cleanup();
    },
  };
}
