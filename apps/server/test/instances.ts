import { randomBytes } from 'node:crypto';
import { type Actor, jobSchemaName, openStorage, type Storage } from '@comply/storage';
import { sql } from 'kysely';
import { loadConfig, type ServerConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/serve.js';
import { addOwnerAccount } from './harness.js';

const ACTOR: Actor = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' };

/** One server process's worth: its own Storage (pool, listener, caches) and listening server. */
export interface Instance {
  url: string;
  storage: Storage;
  /** `POST /api/mcp/tools/{tool}`; returns the status and the parsed body. */
  call(args: { tool: string; token: string; input?: unknown }): Promise<{ status: number; body: unknown }>;
}

/** Several instances on one fresh PostgreSQL schema, like replicas behind a load balancer. */
export interface Cluster {
  instances: Instance[];
  /** A new user owning a new organization, with a read-write token. */
  addOwner(): Promise<{
    userId: string;
    email: string;
    organizationId: string;
    token: string;
    tokenId: string;
  }>;
  stop(): Promise<void>;
}

export async function startCluster({
  count,
  clock,
  config: overrides = {},
}: {
  count: number;
  clock?: () => Date;
  /** Settings over the defaults, for every instance. */
  config?: Partial<ServerConfig>;
}): Promise<Cluster> {
  const schema = `inst_${randomBytes(6).toString('hex')}`;
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const running: { server: RunningServer; storage: Storage }[] = [];
  for (let i = 0; i < count; i += 1) {
    const storage = await openStorage({ databaseUrl, schema, clock });
    const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', ...overrides };
    const server = await startServer({
      config,
      storage,
      logger: false,
      validateOutput: true,
      usageFlushMs: 0,
    });
    running.push({ server, storage });
  }
  const first = running[0]!.storage;
  return {
    instances: running.map(({ server, storage }) => ({
      url: server.url,
      storage,
      async call({ tool, token, input = {} }) {
        const response = await fetch(`${server.url}/api/mcp/tools/${tool}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(input),
        });
        return { status: response.status, body: await response.json() };
      },
    })),
    async addOwner() {
      const { userId, email, organizationId } = await addOwnerAccount(first);
      const { token, secret } = await first.tokens.create({
        userId,
        name: 'test',
        scope: 'WRITE',
        expiresAt: null,
        actor: ACTOR,
      });
      return { userId, email, organizationId, token: secret, tokenId: token.id };
    },
    async stop() {
      for (const { server } of running) await server.stop();
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(first.db);
      await sql`drop schema if exists ${sql.id(jobSchemaName(schema))} cascade`.execute(first.db);
      for (const { storage } of running) await storage.close();
    },
  };
}
