#!/usr/bin/env node
// Comply's server for the evidence vault benchmark (scripts/bench/evidence-vault.mjs), in a process
// of its own like the floor's: a throwaway PostgreSQL schema (--pglite: PGlite in a throwaway data
// directory on disk, as `npm start` keeps its data; --pglite-memory: in memory), one
// organization and a WRITE token; evidence files up to the size the benchmark passes. Prints
// `{"url", "token", "organizationId"}` on its first line once listening; ends, dropping the
// schema, when its standard input closes.
// Arguments: <largest file in bytes> [--pglite | --pglite-memory]. Started on the sources (runOnSources).
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { runOnSources } from './on-sources.mjs';

const { values: options, positionals } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    'pglite-memory': { type: 'boolean', default: false },
    child: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
runOnSources({ scriptUrl: import.meta.url, isChild: options.child });

const { loadConfig } = await import('../../apps/server/src/config.ts');
const { startServer } = await import('../../apps/server/src/serve.ts');
const { benchOwner, withDriverStorage } = await import('./bench-storage.mjs');

const pglite = options.pglite || options['pglite-memory'];
await withDriverStorage({ pglite, pgliteOnDisk: options.pglite, poolSize: 4 }, async (storage) => {
  const { user, organizationId } = await benchOwner(storage);
  const { secret } = await storage.tokens.create({
    userId: user.id,
    name: 'bench',
    scope: 'WRITE',
    expiresAt: null,
  });
  const config = {
    ...loadConfig({ COMPLY_RATE_LIMIT_PER_MINUTE: '0', COMPLY_EVIDENCE_MAX_BYTES: positionals[0] }),
    port: 0,
    logLevel: 'warn',
  };
  const comply = await startServer({ config, storage, logger: false });
  process.stdout.write(
    `${JSON.stringify({ url: comply.url, token: secret, organizationId, driver: options.pglite ? 'pglite, on disk' : pglite ? 'pglite, in memory' : storage.driver })}\n`,
  );
  process.stdin.resume();
  await once(process.stdin, 'end');
  await comply.stop();
});
