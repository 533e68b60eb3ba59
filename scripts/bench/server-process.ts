// The server under benchmark, in its own process (started by scripts/bench/server.mjs): seeds an
// organization with N risks in a fresh PostgreSQL schema (BENCH_DRIVER=pglite: an in-memory PGlite),
// adds a route returning canned JSON of the same size as the listRisks reply and the floor route
// (./floor-route.ts: the same SQL as Comply's list tools, straight from storage), listens, prints
// {url, bareUrl, floorUrl, token, input, …} on stdout and drops the schema on SIGTERM.
// Beyond 100k risks on PostgreSQL, the rest are inserted by SQL (generate_series) in 100k batches;
// BENCH_REGISTERS=N adds N evidence files, tasks, documents and control tests (sql-seed.ts).
// BENCH_NO_NOTIFY=1 (PostgreSQL, diagnostic only) turns off the change notifications of this schema.
import { randomBytes } from 'node:crypto';
import { openStorage, seedBulk } from '@comply/storage';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config.js';
import { startServer } from '../../apps/server/src/serve.js';
import { startFloor } from './floor-route.js';
import { seedRegistersBySql, seedRisksBySql } from './sql-seed.js';

const risks = Number(process.env.BENCH_RISKS ?? 10_000);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_${randomBytes(5).toString('hex')}`;
const pglite = process.env.BENCH_DRIVER === 'pglite';
const storage = pglite
  ? await openStorage({ databaseUrl: 'memory://' })
  : await openStorage({ databaseUrl, schema, poolSize: 16 });
const BY_REPOSITORY = 100_000;

async function dropSchema() {
  if (pglite) return storage.close();
  // Another process dropping a schema at the same moment can deadlock with this one: retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db);
      break;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  await storage.close();
}

try {
  const user = await storage.users.create({ email: 'bench@example.test', password: 'benchmark password' });
  const { organizationIds } = await seedBulk({
    storage,
    ownerUserId: user.id,
    orgs: 1,
    risks: pglite ? risks : Math.min(risks, BY_REPOSITORY),
    measures: Number(process.env.BENCH_MEASURES ?? 200),
    vendors: Number(process.env.BENCH_VENDORS ?? 0),
  });
  const organizationId = organizationIds[0];
  if (process.env.BENCH_NO_NOTIFY && !pglite) {
    // Diagnostic only (docs/performance.md): register writes stop announcing themselves, so other
    // instances' caches would go stale. Shows what the NOTIFY in every write transaction costs.
    await sql`create or replace function comply_notify_org_change() returns trigger
      language plpgsql as $$ begin return null; end $$`.execute(storage.db);
  }
  if (!pglite && risks > BY_REPOSITORY) {
    await seedRisksBySql({ db: storage.db, organizationId, from: BY_REPOSITORY, to: risks });
  }
  // The newer registers' lists (evidence, tasks, documents, control tests): BENCH_REGISTERS rows each.
  const registerRows = Number(process.env.BENCH_REGISTERS ?? 0);
  if (registerRows > 0) {
    const n = registerRows;
    await seedRegistersBySql({
      db: storage.db,
      organizationId,
      counts: { evidence: n, tasks: n, documents: n, controlTests: n },
    });
  }
  const { secret } = await storage.tokens.create({
    userId: user.id,
    name: 'bench',
    scope: process.env.BENCH_SCOPE === 'WRITE' ? 'WRITE' : 'READ',
    expiresAt: null,
  });
  const input = {
    organization_id: organizationId,
    status: ['OPEN', 'IN_TREATMENT'],
    min_residual_score: 10,
    page_size: 50,
  };

  // No per-token rate limit: the benchmark measures capacity, and one token drives every request.
  const config = { ...loadConfig({ COMPLY_RATE_LIMIT_PER_MINUTE: '0' }), port: 0, logLevel: 'warn' };
  const running = await startServer({ config, storage, logger: false });
  const reply = await fetch(`${running.url}/api/mcp/tools/listRisks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (reply.status !== 200) throw new Error(`listRisks answered ${reply.status}: ${await reply.text()}`);
  const canned = await reply.text();
  const mcpReply = await fetch(`${running.url}/api/mcp/v1`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'listRisks', arguments: input },
    }),
  });
  if (mcpReply.status !== 200) throw new Error(`tools/call answered ${mcpReply.status}`);
  const cannedMcp = await mcpReply.text();
  // Registered after listen through a second app would skew nothing; fastify needs routes before
  // listen, so the canned route lives on its own bare fastify instance in this same process.
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: false });
  bare.get('/canned', async (_request, response) => response.type('application/json').send(canned));
  bare.get('/canned-mcp', async (_request, response) => response.type('application/json').send(cannedMcp));
  // This process's CPU time so far (user + system, µs): the benchmark reads it around each slice
  // to give each door's CPU per request, which a loaded machine distorts far less than req/s.
  bare.get('/cpu', async () => {
    const { user, system } = process.cpuUsage();
    return { micros: user + system };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The floor calls the server's own Storage (same driver, pool and prepared statements).
  const floor = await startFloor({ storage });

  process.stdout.write(
    `${JSON.stringify({ url: running.url, bareUrl, floorUrl: floor.url, token: secret, input, bytes: canned.length, mcpBytes: cannedMcp.length })}\n`,
  );
  await new Promise((resolve) => process.once('SIGTERM', resolve));
  await bare.close();
  await floor.close();
  await running.stop();
  await dropSchema();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  await dropSchema().catch(() => undefined);
  process.exit(1);
}
