#!/usr/bin/env node
// Upload and download throughput of the evidence vault (docs/server.md, "Evidence files") against
// the floor: a bare fastify route in a process of its own (scripts/bench/vault-floor.mjs) that
// streams the same multipart upload to a file on disk, and one that streams that file back.
// Comply's server runs in a process of its own too (scripts/bench/vault-server.mjs), and this
// process's one client drives both (a file-backed Blob as the multipart part, the download piped to
// a file), so the client's own cost is in both figures. Comply stores the file in the database (PostgreSQL,
// a throwaway schema of DATABASE_URL, see bench-storage.mjs; --pglite: PGlite in a throwaway data
// directory on disk, as `npm start` keeps its data; --pglite-memory: PGlite in memory) through
// `POST /api/evidence/upload` with a Bearer token, hashing it on the way, and sends it back through
// `GET /api/evidence/{id}/file`; each download is compared with the upload by SHA-256.
// Rounds alternate the floor and Comply; the medians are reported, and the ratio of throughputs
// (the bound: Comply ≥ 0.5 of the floor, both ways).
// Options: --mb M (file size, default 40), --rounds N (default 3), --pglite, --pglite-memory.
import { optionsOnSources } from './on-sources.mjs';

const options = optionsOnSources({
  scriptUrl: import.meta.url,
  counts: { mb: 40, rounds: 3 },
  options: {
    pglite: { type: 'boolean', default: false },
    'pglite-memory': { type: 'boolean', default: false },
  },
});

const { createHash, randomBytes } = await import('node:crypto');
const { createWriteStream, openAsBlob } = await import('node:fs');
const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');
const { Readable } = await import('node:stream');
const { pipeline } = await import('node:stream/promises');
const { spawn } = await import('node:child_process');
const { once } = await import('node:events');
const { createInterface } = await import('node:readline');
const { fileURLToPath } = await import('node:url');

const MB = 1024 * 1024;
const fileBytes = Math.round(Number(options.mb) * MB);
const rounds = Number(options.rounds);
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts `script` in a process of its own; answers the JSON of its first line and a `close`. */
async function startChild(script, args) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [first] = await once(createInterface({ input: child.stdout }), 'line');
  return {
    ...JSON.parse(first),
    close: async () => {
      child.stdin.end();
      await once(child, 'exit');
    },
  };
}

/** One multipart upload of the file at `path`; answers the milliseconds and the JSON reply. */
async function upload({ url, path, fields, token }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.set('file', await openAsBlob(path, { type: 'application/octet-stream' }), 'evidence.bin');
  const start = process.hrtime.bigint();
  const response = await fetch(url, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = await response.json();
  const took = ms(start);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { took, body };
}

/** One download piped to a file, hashed on the way; answers the milliseconds and the SHA-256. */
async function download({ url, token, into }) {
  const start = process.hrtime.bigint();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const hash = createHash('sha256');
  await pipeline(
    Readable.fromWeb(response.body),
    async function* hashing(source) {
      for await (const chunk of source) {
        hash.update(chunk);
        yield chunk;
      }
    },
    createWriteStream(into),
  );
  return { took: ms(start), sha256: hash.digest('hex') };
}

async function run() {
  const dir = await mkdtemp(join(tmpdir(), 'comply-bench-vault-'));
  const limit = String(fileBytes * 2);
  const driver = options.pglite ? ['--pglite'] : options['pglite-memory'] ? ['--pglite-memory'] : [];
  const comply = await startChild('./vault-server.mjs', [limit, ...driver]);
  const bare = await startChild('./vault-floor.mjs', [dir, limit]);
  try {
    const times = { bareUp: [], bareDown: [], complyUp: [], complyDown: [] };
    for (let round = 0; round < rounds; round++) {
      // New content each round: Comply stores identical content once, which would skip the writes.
      const content = randomBytes(fileBytes);
      const sha256 = createHash('sha256').update(content).digest('hex');
      const path = join(dir, 'source.bin');
      await writeFile(path, content);

      const bareUp = await upload({ url: `${bare.url}/upload`, path, fields: {} });
      if (bareUp.body.size !== fileBytes) throw new Error(`the floor stored ${bareUp.body.size} bytes`);
      const bareDown = await download({ url: `${bare.url}/download`, into: join(dir, 'bare-down.bin') });
      if (bareDown.sha256 !== sha256) throw new Error('the floor sent other bytes back');

      const complyUp = await upload({
        url: `${comply.url}/api/evidence/upload`,
        path,
        token: comply.token,
        fields: { organization_id: comply.organizationId, kind: 'FILE', title: `Bench file ${round}` },
      });
      if (complyUp.body.file?.sha256 !== sha256) throw new Error('Comply recorded another SHA-256');
      const complyDown = await download({
        url: `${comply.url}/api/evidence/${complyUp.body.id}/file`,
        token: comply.token,
        into: join(dir, 'comply-down.bin'),
      });
      if (complyDown.sha256 !== sha256) throw new Error('Comply sent other bytes back');

      times.bareUp.push(bareUp.took);
      times.bareDown.push(bareDown.took);
      times.complyUp.push(complyUp.took);
      times.complyDown.push(complyDown.took);
    }
    const mbps = (took) => `${(fileBytes / MB / (took / 1000)).toFixed(1)} MB/s`;
    const line = (label, floor, ours) => {
      const ratio = median(floor) / median(ours);
      console.log(
        `| ${label} | ${median(floor).toFixed(0)} ms (${mbps(median(floor))}) | ${median(ours).toFixed(0)} ms (${mbps(median(ours))}) | ${ratio.toFixed(2)} | ≥ 0.5 | ${ratio >= 0.5 ? 'ok' : 'UNDER'} |`,
      );
    };
    console.log(
      `\nEvidence vault (${comply.driver}): a ${options.mb} MB file, median of ${rounds} rounds, every download verified by SHA-256\n`,
    );
    console.log(
      '| direction | bare fastify route, to/from disk | Comply, to/from the database | throughput ratio | bound | |',
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    line('upload (multipart)', times.bareUp, times.complyUp);
    line('download', times.bareDown, times.complyDown);
  } finally {
    await bare.close();
    await comply.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await run();
