// A Storage in a throwaway PostgreSQL schema for the storage-level benchmarks: DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test; the schema `bench_<random>` is dropped afterwards, also
// on failure. Import it only from the child process runOnSources starts (it loads the sources).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `body` with a Storage on a fresh schema and drops the schema afterwards. */
export async function withBenchStorage({ poolSize }, body) {
  const { openStorage } = await import('@comply/storage');
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const storage = await openStorage({ databaseUrl: url, schema, poolSize });
  try {
    return await body({ storage, url, schema });
  } finally {
    await storage.close();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
}

/**
 * Runs `body` on a PGlite when `pglite` is set (in memory, or in a throwaway data directory with
 * `pgliteOnDisk`), else on a throwaway PostgreSQL schema
 * (withBenchStorage); `body` gets the Storage and, on PostgreSQL, the URL and schema.
 */
export async function withDriverStorage({ pglite, poolSize, pgliteOnDisk = false }, body) {
  if (!pglite)
    return withBenchStorage({ poolSize }, ({ storage, url, schema }) => body(storage, { url, schema }));
  const { openStorage } = await import('@comply/storage');
  // In memory by default; on disk (a throwaway folder), as `npm start` keeps its data, when asked.
  const dir = pgliteOnDisk ? await mkdtemp(join(tmpdir(), 'comply-bench-pglite-')) : undefined;
  const storage = await openStorage({ dataDir: dir ?? 'memory://' });
  try {
    return await body(storage);
  } finally {
    await storage.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/** A user owning one organization `Bench`, and the actor its writes are recorded as. */
export async function benchOwner(storage) {
  const user = await storage.users.create({ email: 'bench@example.test', password: 'benchmark password' });
  const actor = { userId: user.id, tokenId: null, source: 'cli', action: 'bench' };
  const { id: organizationId } = await storage.organizations.create({
    name: 'Bench',
    ownerUserId: user.id,
    actor,
  });
  return { user, actor, organizationId };
}

/** One organization seedBulk fills with `counts` (risks, measures, …), owned by a new user; answers its id. */
export async function seedBulkOrganization(storage, counts) {
  const { seedBulk } = await import('@comply/storage');
  const owner = await storage.users.create({ email: 'bench@example.test', password: 'benchmark password' });
  const { organizationIds } = await seedBulk({ storage, ownerUserId: owner.id, orgs: 1, ...counts });
  return organizationIds[0];
}

/** A started job engine on `storage` polling every `pollMs`, with `queue` (no retries); errors are printed. */
export async function startBenchEngine({ storage, pollMs, queue }) {
  const { openJobEngine } = await import('@comply/storage');
  const engine = openJobEngine({ storage, pollMs, onError: (name, error) => console.error(name, error) });
  await engine.start();
  await engine.queue(queue, { retryLimit: 0, retryDelaySeconds: 1 });
  return engine;
}
