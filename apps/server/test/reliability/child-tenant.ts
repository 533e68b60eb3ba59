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

function storageFor(driver: 'pglite' | 'postgres'): {
  env: Record<string, string>;
  options: StorageOptions;
  cleanup(): Promise<void> | void;
} {
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `live_${randomBytes(5).toString('hex')}`;
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
  const dir = mkdtempSync(join(tmpdir(), 'comply-live-'));
  const dataDir = join(dir, 'data');
  return {
    env: { COMPLY_DATA_DIR: dataDir },
    options: { dataDir },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
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
  const target = storageFor(driver);
  const setup = await openStorage(target.options);
  const user = await setup.users.create({ email: 'live@example.test', password: 'liveness test password' });
  const org = await setup.organizations.create({ name: 'Live', ownerUserId: user.id, actor: ACTOR });
  const { secret } = await setup.tokens.create({
    userId: user.id,
    name: 'live',
    scope: 'WRITE',
    expiresAt: null,
    actor: ACTOR,
  });
  await setup.close();
  const server = await startChildServer({
    ...target.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${heapMb}`.trim(),
  });
  return {
    server,
    organizationId: org.id,
    token: secret,
    async stop() {
      await server.kill();
      await target.cleanup();
    },
  };
}
