#!/usr/bin/env node
// The auditor package (docs/server.md, "Auditor package") at size, on PostgreSQL (a throwaway
// schema of DATABASE_URL, see bench-storage.mjs; --pglite: an in-memory PGlite). One organization
// holds --files evidence files (default 100) of --mb megabytes in all (default 50), each linked to a
// measure of one framework; --full is the size, 1,000 files / 500 MB. A real server in a
// process of its own (on PostgreSQL; with --pglite in this process, as the embedded database cannot
// be shared) streams GET /api/export/auditor-package to this process, which writes it to a
// temporary file, while the server samples its RSS every 20 ms; the file is then unzipped with
// yauzl and every SHA-256 of its manifest re-verified. Reported:
// - the server's peak RSS growth over its RSS just before the download, after a full GC (the bound:
//   ≤ 100 MB at every size: one chunk of one file is held at a time, whatever the package's size);
// - the download's time and throughput, against a baseline in the same run: reading every stored
//   blob of the package through the blob store into a SHA-256, with no ZIP and no HTTP (the floor
//   any package has to pay), as a ratio.
// Options: --files N, --mb M, --full, --pglite, --server-flags '<node flags for the server process>'.
import { optionsOnSources } from './on-sources.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  options: {
    files: { type: 'string' },
    mb: { type: 'string' },
    full: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    schema: { type: 'string' },
    'server-flags': { type: 'string', default: '' },
  },
});

const { fork } = await import('node:child_process');
const { fileURLToPath } = await import('node:url');
const { createHash, randomBytes } = await import('node:crypto');
const { createWriteStream } = await import('node:fs');
const { mkdtemp, rm, stat } = await import('node:fs/promises');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');
const { Readable } = await import('node:stream');
const { pipeline } = await import('node:stream/promises');
const { openStorage, withEvidenceFile } = await import('@comply/storage');
const { default: yauzl } = await import('yauzl');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { startServer } = await import('../../apps/server/src/serve.ts');
const { benchOwner, withDriverStorage } = await import('./bench-storage.mjs');

/**
 * Samples this process's memory every 20 ms between `start` and `stop`, after a full GC if exposed:
 * RSS, and the V8 heap and the memory outside it (buffers) that make it up, to tell what grew.
 */
function rssSampler() {
  const FIELDS = ['rss', 'heapTotal', 'heapUsed', 'external'];
  let before = {};
  let peak = {};
  let timer;
  const sample = () => {
    const now = process.memoryUsage();
    for (const field of FIELDS) peak[field] = Math.max(peak[field] ?? 0, now[field]);
  };
  return {
    start() {
      globalThis.gc?.();
      before = process.memoryUsage();
      peak = {};
      sample();
      timer = setInterval(sample, 20);
    },
    stop() {
      clearInterval(timer);
      sample();
      // What stays once the garbage is collected: retained memory, as opposed to GC slack.
      globalThis.gc?.();
      const after = process.memoryUsage();
      const growth = Object.fromEntries(FIELDS.map((f) => [f, peak[f] - before[f]]));
      return { before: before.rss, peak: peak.rss, after: after.rss, growth };
    },
  };
}

if (options.serve) {
  // The server child: the parent's schema, a listening server, RSS sampled on the parent's word.
  const storage = await openStorage({
    databaseUrl: options['database-url'],
    schema: options.schema,
    poolSize: 4,
  });
  const config = { ...loadConfig({ COMPLY_RATE_LIMIT_PER_MINUTE: '0' }), port: 0, logLevel: 'warn' };
  const server = await startServer({ config, storage, logger: false });
  const sampler = rssSampler();
  process.on('message', async (message) => {
    if (message === 'start') {
      sampler.start();
      process.send('started');
    } else if (message === 'stop') process.send(sampler.stop());
    else if (message === 'exit') {
      await server.stop();
      await storage.close();
      process.exit(0);
    }
  });
  process.send({ url: server.url });
  await new Promise(() => undefined);
}

const files = Number(options.files ?? (options.full ? 1000 : 100));
const totalMb = Number(options.mb ?? (options.full ? 500 : 50));
const fileBytes = Math.floor((totalMb * 1024 * 1024) / files);
const MB = 1024 * 1024;
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** Incompressible bytes, different for each file: a seed's SHA-256 stretched by counter. */
function contentOf(index) {
  const out = Buffer.alloc(fileBytes);
  const seed = randomBytes(16);
  for (let i = 0, offset = 0; offset < fileBytes; i++) {
    offset += createHash('sha256').update(seed).update(String(i)).digest().copy(out, offset);
  }
  out.write(`file ${index}`, 0);
  return out;
}

async function seed(storage) {
  const { user, actor, organizationId } = await benchOwner(storage);
  const framework = await storage.frameworks.create({
    organizationId,
    actor,
    data: { name: 'Bench framework', controls: [{ code: 'B.1', title: 'Evidence at scale' }] },
  });
  const measure = await storage.measures.create({
    organizationId,
    actor,
    data: {
      name: 'Bench measure',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: framework.id, control_code: 'B.1' }],
    },
  });
  const start = process.hrtime.bigint();
  const shas = [];
  for (let i = 0; i < files; i++) {
    const content = contentOf(i);
    await storage.transaction(async (repos) => {
      const stored = await repos.evidenceVault.blobs(organizationId).put([content]);
      shas.push(stored.sha256);
      const file = {
        filename: `evidence-${i}.bin`,
        media_type: 'application/octet-stream',
        size: stored.size,
        sha256: stored.sha256,
      };
      await repos.evidence.create({
        organizationId,
        actor,
        data: withEvidenceFile({ kind: 'FILE', title: `Evidence ${i}`, measure_ids: [measure.id] }, file),
      });
    });
  }
  console.log(
    `seeded ${files} files of ${(fileBytes / MB).toFixed(2)} MB in ${(ms(start) / 1000).toFixed(1)} s`,
  );
  const { secret } = await storage.tokens.create({
    userId: user.id,
    name: 'bench',
    scope: 'READ',
    expiresAt: null,
  });
  return { organizationId, frameworkId: framework.id, token: secret, shas };
}

/** Every entry of the ZIP hashed as it streams (nothing kept), then the manifest checked against them. */
function verifyZip(path) {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const read = new Map();
      let manifest = null;
      zip.on('error', reject);
      zip.on('entry', (entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const hash = createHash('sha256');
          const parts = [];
          let size = 0;
          stream.on('data', (chunk) => {
            hash.update(chunk);
            size += chunk.length;
            if (entry.fileName === 'manifest.json') parts.push(chunk);
          });
          stream.on('end', () => {
            if (entry.fileName === 'manifest.json') manifest = JSON.parse(Buffer.concat(parts).toString());
            else read.set(entry.fileName, { size, sha256: hash.digest('hex') });
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => {
        const bad = manifest.files.filter(
          (f) => read.get(f.path)?.sha256 !== f.sha256 || read.get(f.path)?.size !== f.size,
        );
        if (bad.length || read.size !== manifest.files.length)
          reject(new Error(`${bad.length} files do not match the manifest`));
        else resolve(manifest);
      });
      zip.readEntry();
    });
  });
}

/** The server under measure: in a child process on PostgreSQL, else in this one. */
async function serverFor(storage, bench) {
  if (!bench) {
    const config = { ...loadConfig({ COMPLY_RATE_LIMIT_PER_MINUTE: '0' }), port: 0, logLevel: 'warn' };
    const server = await startServer({ config, storage, logger: false });
    const sampler = rssSampler();
    return {
      url: server.url,
      where: 'this process',
      start: async () => sampler.start(),
      stop: async () => sampler.stop(),
      close: () => server.stop(),
    };
  }
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--child', '--serve', '--database-url', bench.url, '--schema', bench.schema],
    {
      execArgv: [
        '--conditions=@comply/source',
        '--import',
        'tsx',
        '--expose-gc',
        ...options['server-flags'].split(' ').filter(Boolean),
      ],
    },
  );
  const next = () => new Promise((resolve) => child.once('message', resolve));
  const { url } = await next();
  const ask = async (message) => {
    const answer = next();
    child.send(message);
    return answer;
  };
  return {
    url,
    where: 'the server process',
    start: () => ask('start'),
    stop: () => ask('stop'),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('exit');
      await exited;
    },
  };
}

async function run(storage, bench) {
  const seeded = await seed(storage);
  const server = await serverFor(storage, bench);
  const dir = await mkdtemp(join(tmpdir(), 'comply-bench-package-'));
  try {
    // Baseline: every blob read through the store into a hash, no ZIP, no HTTP.
    const baseStart = process.hrtime.bigint();
    const store = storage.evidenceVault.blobs(seeded.organizationId);
    for (const sha of seeded.shas) {
      const hash = createHash('sha256');
      for await (const chunk of await store.get(sha)) hash.update(chunk);
    }
    const baseline = ms(baseStart);

    await server.start();
    const query = new URLSearchParams({
      organization_id: seeded.organizationId,
      framework_id: seeded.frameworkId,
      period_start: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
      period_end: new Date().toISOString().slice(0, 10),
    });
    const path = join(dir, 'package.zip');
    const start = process.hrtime.bigint();
    const response = await fetch(`${server.url}/api/export/auditor-package?${query}`, {
      headers: { authorization: `Bearer ${seeded.token}` },
    });
    if (response.status !== 200)
      throw new Error(`package answered ${response.status}: ${await response.text()}`);
    await pipeline(Readable.fromWeb(response.body), createWriteStream(path));
    const took = ms(start);
    const { before, peak, after, growth: parts } = await server.stop();
    const size = (await stat(path)).size;
    const manifest = await verifyZip(path);
    const evidence = manifest.files.filter((f) => f.evidence_id).length;
    if (evidence !== files) throw new Error(`the package holds ${evidence} evidence files, not ${files}`);

    const growth = (peak - before) / MB;
    console.log(`\nAuditor package (${storage.driver}): ${files} files, ${totalMb} MB of evidence\n`);
    console.log('| measure | value | bound | |');
    console.log('| --- | --- | --- | --- |');
    console.log(
      `| baseline: read every blob through the store into SHA-256 | ${(baseline / 1000).toFixed(1)} s (${(totalMb / (baseline / 1000)).toFixed(1)} MB/s) | | |`,
    );
    console.log(
      `| download of the package (${(size / MB).toFixed(1)} MB ZIP), verified by yauzl | ${(took / 1000).toFixed(1)} s (${(size / MB / (took / 1000)).toFixed(1)} MB/s), ${(took / baseline).toFixed(2)}× baseline | | |`,
    );
    console.log(
      `| RSS of ${server.where} before the download (after a full GC) | ${(before / MB).toFixed(0)} MB | | |`,
    );
    console.log(
      `| its peak RSS growth during the download | ${growth.toFixed(1)} MB | ≤ 100 MB | ${growth <= 100 ? 'ok' : 'OVER'} |`,
    );
    console.log(
      `| of which, peak growth of the V8 heap (committed / used) and of memory outside it (buffers) | ${(parts.heapTotal / MB).toFixed(1)} / ${(parts.heapUsed / MB).toFixed(1)} MB, ${(parts.external / MB).toFixed(1)} MB | | |`,
    );
    console.log(
      `| its RSS growth left after the download and a full GC | ${((after - before) / MB).toFixed(1)} MB | | |`,
    );
    console.log(`| manifest | ${manifest.files.length} files, every SHA-256 re-verified | | ok |`);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await withDriverStorage({ pglite: options.pglite, poolSize: 4 }, (storage, bench) => run(storage, bench));
