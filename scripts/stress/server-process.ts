// The server under the soak test, in its own process (started by scripts/stress/soak.mjs) so that
// its resident memory can be read from /proc: a fresh PostgreSQL schema with one owner, a
// read-write token and a few risks; prints {url, token, organizationId, riskIds, pid} on stdout and
// drops the schema on SIGTERM.
import { randomBytes } from 'node:crypto';
import { openStorage } from '@comply/storage';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config.js';
import { startServer } from '../../apps/server/src/serve.js';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `stress_${randomBytes(5).toString('hex')}`;
const storage = await openStorage({ databaseUrl, schema, poolSize: 16 });
const actor = { userId: null, tokenId: null, source: 'cli', action: 'stress-setup' } as const;

async function dropSchema() {
  // The server's last usage flush may still hold locks in the schema: retry once.
  const drop = () => sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db);
  await drop().catch(async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await drop();
  });
  await storage.close();
}

try {
  const user = await storage.users.create({ email: 'stress@example.test', password: 'stress test password' });
  const org = await storage.organizations.create({ name: 'Stress', ownerUserId: user.id, actor });
  const { secret } = await storage.tokens.create({
    userId: user.id,
    name: 'stress',
    scope: 'WRITE',
    expiresAt: null,
    actor,
  });
  // One token drives every connection: the soak measures the server, not the rate limit.
  const config = { ...loadConfig({ COMPLY_RATE_LIMIT_PER_MINUTE: '0' }), port: 0, logLevel: 'warn' };
  const running = await startServer({ config, storage, logger: false });
  const riskIds: string[] = [];
  for (let i = 0; i < 20; i++) {
    const reply = await fetch(`${running.url}/api/mcp/tools/addRisk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        organization_id: org.id,
        name: `seed ${i}`,
        inherent_likelihood: 3,
        inherent_impact: 4,
      }),
    });
    riskIds.push(((await reply.json()) as { id: string }).id);
  }
  process.stdout.write(
    `${JSON.stringify({ url: running.url, token: secret, organizationId: org.id, riskIds, pid: process.pid })}\n`,
  );
  await new Promise((resolve) => process.once('SIGTERM', resolve));
  await running.stop();
  await dropSchema();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  await dropSchema().catch(() => undefined);
  process.exit(1);
}
