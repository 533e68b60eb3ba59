// A server in its own process, so that a test can SIGKILL it. Storage from the environment:
// DATABASE_URL + COMPLY_SCHEMA (PostgreSQL) or COMPLY_DATA_DIR (PGlite). Prints {url} on stdout.
import { openStorage } from '@comply/storage';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/serve.js';

const storage = await openStorage({
  databaseUrl: process.env.DATABASE_URL,
  schema: process.env.COMPLY_SCHEMA,
  dataDir: process.env.COMPLY_DATA_DIR,
});
const config = { ...loadConfig({ COMPLY_RATE_LIMIT_PER_MINUTE: '0' }), port: 0 };
const running = await startServer({ config, storage, logger: false, usageFlushMs: 0 });
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
process.once('SIGTERM', async () => {
  await running.stop();
  await storage.close();
  process.exit(0);
});
