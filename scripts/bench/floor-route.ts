// The floor of the varied benchmark (scripts/bench/varied.mjs): a bare fastify route that, for a
// list tool's input, runs exactly the SQL statements Comply runs for it and sends their rows as JSON.
// The statements are not retyped: the route calls the register's storage repository (the query
// builder Comply's handler calls, on the server's own Storage, so the same driver, pool and prepared
// statements) with the handler's own argument mapping (toListParams), and a recording hook on
// pg's Client.query collects every statement that call sends and the rows each one returns. What the
// floor leaves out is everything above storage: authentication, validation, the read cache, the
// tool core, the output mapping and the MCP envelope. So the floor's req/s is the ceiling of the
// layers above storage, and REST/floor is what those layers cost.
//   POST /floor/<listTool>   body: the tool's input (as for /api/mcp/tools/<listTool>)
//   POST /naive/listRisks    the naive SQL for the same page (./naive-route.ts; varied.mjs --naive)
//   -> {statements: n, rows: [rows of statement 1, …]} on PostgreSQL; {items} of the page on PGlite
//   (which has no pg client to hook).
// BENCH_SHOW_SQL=1 prints each distinct statement text once to stderr (what the floor runs).
import { AsyncLocalStorage } from 'node:async_hooks';
import { type RegisterName, registers } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import pg from 'pg';
import { toListParams } from '../../apps/server/src/tools/registers.js';
import { naiveListRisks, naiveServes } from './naive-route.js';

interface Recorded {
  sql: string;
  rows: Promise<unknown[]>;
}

const recording = new AsyncLocalStorage<Recorded[]>();
const shown = new Set<string>();
let hooked = false;

/** Wraps pg's Client.query once: inside `recording.run`, each statement and its rows are kept. */
function hookPg(): void {
  if (hooked) return;
  hooked = true;
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: mirrors pg's overloaded query signature.
  (pg.Client.prototype as any).query = function query(this: pg.Client, ...args: unknown[]) {
    // biome-ignore lint/suspicious/noExplicitAny: forwards the overload unchanged.
    const result = (original as any).apply(this, args);
    const statements = recording.getStore();
    if (statements && result && typeof result.then === 'function') {
      const config = args[0] as string | { text: string };
      const text = typeof config === 'string' ? config : config.text;
      if (process.env.BENCH_SHOW_SQL && !shown.has(text)) {
        shown.add(text);
        process.stderr.write(`floor statement:\n${text}\n\n`);
      }
      statements.push({ sql: text, rows: result.then((r: { rows: unknown[] }) => r.rows) });
    }
    return result;
  };
}

/** The register whose list tool is `tool`, or undefined. */
function registerOf(tool: string): RegisterName | undefined {
  return (Object.keys(registers) as RegisterName[]).find((name) => registers[name].tools.list === tool);
}

interface ListRepository {
  list(params: ReturnType<typeof toListParams>): Promise<{ items: unknown[] }>;
}

/** Starts the floor server on its own bare fastify instance; resolves to its URL and a closer. */
export async function startFloor({
  storage,
}: {
  storage: Storage;
}): Promise<{ url: string; close: () => Promise<void> }> {
  hookPg();
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false, bodyLimit: 1 << 20 });
  app.post<{ Params: { tool: string }; Body: Record<string, unknown> }>(
    '/floor/:tool',
    async (request, reply) => {
      const register = registerOf(request.params.tool);
      if (!register) return reply.code(404).send({ error: `no list tool ${request.params.tool}` });
      const args = request.body as unknown as Parameters<typeof toListParams>[0]['args'];
      const organizationId = String(request.body.organization_id);
      const repository = storage[register] as unknown as ListRepository;
      const params = toListParams({
        ctx: { organizationId } as Parameters<typeof toListParams>[0]['ctx'],
        args,
      });
      const statements: Recorded[] = [];
      const page = await recording.run(statements, () => repository.list(params));
      if (statements.length === 0)
        return reply.type('application/json').send(JSON.stringify({ items: page.items }));
      const rows = await Promise.all(statements.map((s) => s.rows));
      return reply.type('application/json').send(JSON.stringify({ statements: rows.length, rows }));
    },
  );
  // The naive SQL for the same listRisks page (./naive-route.ts), beside the floor.
  app.post<{ Params: { tool: string }; Body: Parameters<typeof naiveListRisks>[0]['input'] }>(
    '/naive/:tool',
    async (request, reply) => {
      if (!naiveServes(request.params.tool)) return reply.code(404).send({ error: 'naive: listRisks only' });
      const body = JSON.stringify(await naiveListRisks({ storage, input: request.body }));
      return reply.type('application/json').send(body);
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
