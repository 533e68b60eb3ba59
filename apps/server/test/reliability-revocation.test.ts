import { randomBytes } from 'node:crypto';
import { type Actor, openStorage, type Storage, type StorageOptions } from '@comply/storage';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/serve.js';
import { embeddedDatabase } from './embedded.js';

const ACTOR: Actor = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' };
const WORKERS_PER_SERVER = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  server: number;
  started: number;
  ended: number;
  status: number;
}

async function instances({ options, count }: { options: StorageOptions; count: number }) {
  const storages: Storage[] = [];
  const servers: RunningServer[] = [];
  for (let i = 0; i < count; i++) {
    const storage = await openStorage(options);
    storages.push(storage);
    // Limits off: every refused call must show as 401, not as the per-address 429.
    const config = {
      ...loadConfig({}),
      port: 0,
      rateLimitPerMinute: 0,
      unauthenticatedRateLimitPerMinute: 0,
    };
    servers.push(await startServer({ config, storage, logger: false, usageFlushMs: 0 }));
  }
  return { storages, servers };
}

const cases: { name: string; count: number; options: () => StorageOptions }[] = [
  { name: 'pglite, one instance', count: 1, options: () => embeddedDatabase() },
];
const url = process.env.TEST_DATABASE_URL;
if (url) {
  const options = { databaseUrl: url, schema: `rev_${randomBytes(5).toString('hex')}` };
  cases.push({ name: 'postgres, two instances on one database', count: 2, options: () => options });
}

describe('a token revoked while load runs', () => {
  it.each(cases)('is refused within one second ($name)', async ({ count, options }) => {
    const { storages, servers } = await instances({ options: options(), count });
    const storage = storages[0]!;
    try {
      const user = await storage.users.create({
        email: 'revoke@example.test',
        password: 'revoke test password',
      });
      await storage.organizations.create({ name: 'Revoke', ownerUserId: user.id, actor: ACTOR });
      const { token, secret } = await storage.tokens.create({
        userId: user.id,
        name: 'r',
        scope: 'WRITE',
        expiresAt: null,
        actor: ACTOR,
      });
      const samples: Sample[] = [];
      let running = true;
      const worker = async (server: number) => {
        while (running) {
          const started = Date.now();
          const reply = await fetch(`${servers[server]!.url}/api/mcp/tools/listOrganizations`, {
            method: 'POST',
            headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
            body: '{}',
          });
          await reply.arrayBuffer();
          samples.push({ server, started, ended: Date.now(), status: reply.status });
        }
      };
      const load = Promise.all(
        servers.flatMap((_, s) => Array.from({ length: WORKERS_PER_SERVER }, () => worker(s))),
      );
      await sleep(700);
      const revoking = Date.now();
      await storage.tokens.revoke({ tokenId: token.id, actor: ACTOR });
      const revoked = Date.now();
      await sleep(1_500);
      running = false;
      await load;

      for (let s = 0; s < count; s++) {
        const mine = samples.filter((x) => x.server === s);
        const before = mine.filter((x) => x.ended < revoking);
        expect(before.length).toBeGreaterThan(0);
        expect([...new Set(before.map((x) => x.status))]).toEqual([200]);
        const lateSuccess = mine
          .filter((x) => x.status === 200 && x.started >= revoked)
          .map((x) => x.started - revoked);
        const firstRefusal = mine.find((x) => x.status === 401 && x.started >= revoked);
        console.log(
          `server ${s + 1}/${count}: ${mine.length} calls; ${lateSuccess.length} successes started after the revocation committed (latest +${Math.max(0, ...lateSuccess)} ms); first 401 at +${firstRefusal ? firstRefusal.started - revoked : '∞'} ms`,
        );
        expect(firstRefusal).toBeDefined();
        expect(Math.max(0, ...lateSuccess)).toBeLessThan(1_000);
        const late = mine.filter((x) => x.started >= revoked + 1_000);
        expect([...new Set(late.map((x) => x.status))]).toEqual([401]);
      }
    } finally {
      for (const server of servers) await server.stop();
      if (count > 1)
        await sql`drop schema if exists ${sql.id(options().schema!)} cascade`.execute(storage.db);
      for (const s of storages) await s.close();
    }
  });
});
