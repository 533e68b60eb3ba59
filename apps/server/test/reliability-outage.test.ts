import { type Actor, openStorage, type Storage } from '@comply/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/serve.js';
import {
  type PrivatePostgres,
  postgresBinaries,
  startPrivatePostgres,
} from './reliability/private-postgres.js';

const ACTOR: Actor = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' };
const bin = postgresBinaries();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  at: number;
  status: number;
  code: string | undefined;
}

describe('PostgreSQL restarted under load', () => {
  let pg: PrivatePostgres;
  let storage: Storage;
  let server: RunningServer;
  let token: string;
  let organizationId: string;

  beforeAll(async () => {
    if (!bin) return;
    pg = await startPrivatePostgres(bin);
    storage = await openStorage({ databaseUrl: pg.url, schema: 'outage', poolSize: 4 });
    const user = await storage.users.create({
      email: 'outage@example.test',
      password: 'outage test password',
    });
    const org = await storage.organizations.create({ name: 'Outage', ownerUserId: user.id, actor: ACTOR });
    organizationId = org.id;
    ({ secret: token } = await storage.tokens.create({
      userId: user.id,
      name: 'o',
      scope: 'WRITE',
      expiresAt: null,
      actor: ACTOR,
    }));
    const config = { ...loadConfig({ COMPLY_RATE_LIMIT_PER_MINUTE: '0' }), port: 0 };
    server = await startServer({ config, storage, logger: false, usageFlushMs: 0 });
  });
  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    await storage?.close().catch(() => undefined);
    pg?.destroy();
  });

  it.skipIf(!bin)(
    `answers 503 UNAVAILABLE while it is down and recovers without a server restart${bin ? '' : ' (skipped: no PostgreSQL binaries under /usr/lib/postgresql)'}`,
    async () => {
      const outcomes: Outcome[] = [];
      let running = true;
      const worker = async (w: number) => {
        for (let i = 0; running; i++) {
          const write = i % 2 === 0;
          const reply = await fetch(`${server.url}/api/mcp/tools/${write ? 'addRisk' : 'listRisks'}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(
              write
                ? {
                    organization_id: organizationId,
                    name: `r ${w}-${i}`,
                    inherent_likelihood: 1,
                    inherent_impact: 1,
                  }
                : { organization_id: organizationId, page_size: 5 },
            ),
          });
          const body = (await reply.json()) as { error?: { code: string } };
          outcomes.push({ at: Date.now(), status: reply.status, code: body.error?.code });
          if (reply.status !== 200) await sleep(20);
        }
      };
      const workers = Promise.all([0, 1, 2, 3].map(worker));
      await sleep(800);
      pg.stop();
      const down = Date.now();
      await sleep(2_000);
      pg.start();
      const up = Date.now();
      let recovered: number | undefined;
      while (!recovered && Date.now() - up < 20_000) {
        await sleep(100);
        recovered = outcomes.find((o) => o.at > up && o.status === 200)?.at;
      }
      await sleep(500);
      running = false;
      await workers;

      const during = outcomes.filter((o) => o.at > down + 200 && o.at < up);
      const statuses = [...new Set(outcomes.map((o) => `${o.status} ${o.code ?? ''}`.trim()))].sort();
      console.log(
        `outage: ${outcomes.length} requests, statuses ${statuses.join(', ')}; ${during.length} while down; ` +
          `first 200 ${recovered ? recovered - up : 'never'} ms after PostgreSQL accepted connections again`,
      );
      expect(
        statuses.every((s) => s === '200' || s === '503 UNAVAILABLE'),
        statuses.join(),
      ).toBe(true);
      expect(during.length).toBeGreaterThan(0);
      expect(during.every((o) => o.status === 503)).toBe(true);
      expect(recovered).toBeDefined();
      const tail = outcomes.filter((o) => o.at > (recovered ?? 0) + 200);
      expect(tail.length).toBeGreaterThan(0);
      expect(tail.every((o) => o.status === 200)).toBe(true);
    },
  );
});
