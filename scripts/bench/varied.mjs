#!/usr/bin/env node
// Load the read cache cannot absorb, in one run against one server process (PostgreSQL):
//   bare      a bare fastify route sending canned JSON the size of a listRisks page (for scale)
//   varied    each list tool of --tools with a different input on every request (never a
//             repeat within the run: scripts/bench/workloads.mjs uniqueListSource), through three
//             doors in --rounds alternating rounds (floor REST MCP, then MCP REST floor, …):
//               floor  the same SQL statements Comply's storage runs for the input, through the same
//                      pool, rows sent as JSON from a bare route (scripts/bench/floor-route.ts)
//               REST   /api/mcp/tools/<tool>, the same input sequence as the floor
//               MCP    tools/call on /api/mcp/v1, its own sequence (odd page sizes: REST's cached
//                      replies cannot answer it)
//             and prints, per tool, the medians over the rounds (with min–max) of REST/floor,
//             MCP/REST and p99/floor p99, each beside its goal, and each door's server CPU per
//             request (process.cpuUsage around each slice; PostgreSQL's own CPU is not in it).
//             --naive adds a fourth door for listRisks: the straightforward SQL for the same page
//             (links as joins + GROUP BY, a COUNT(*) every page: scripts/bench/naive-route.ts), the
//             floor's inputs, and prints floor/naive (goal > 1: storage's SQL beats the naive form).
//   writes    addRisk/updateRisk over REST, --writers callers
//   mixed     9 varied listRisks reads to 1 write, --connections callers
// The "repeat" column is the share of requests that repeated an earlier one: the most the read
// cache could have answered (writes invalidate it, so the real hit rate is at most this).
// Options: --risks N (10000; vendors, measures, evidence files, tasks, documents and control tests
// are a fifth of it, at most 20k each),
// --connections N (32), --writers N (16), --seconds N (3: each slice), --rounds N (5),
// --tools a,b (listRisks,listVendors,listMeasures,listTasks,listEvidence,listDocuments,
// listControlTests), --only a,b (bare,varied,writes,mixed,report:
// the phases to run; bare always runs, it is the baseline; report times getComplianceReport
// after a write each time, so the read cache cannot answer it), --driver postgres|pglite (postgres),
// --seed N (1), --profile DIR, --search-every N (5: a `query` on every 5th varied read; 0: none).
// Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (a schema dropped at the end);
// --driver pglite runs an in-memory PGlite in the server process instead.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  inputKey,
  repeatCounter,
  seededRandom,
  uniqueListSource,
  variedListInput,
  writeInput,
} from './workloads.mjs';

// The register lists of the goals: the first three and the newer registers'.
const TOOLS_DEFAULT =
  'listRisks,listVendors,listMeasures,listTasks,listEvidence,listDocuments,listControlTests';
const { values } = parseArgs({
  options: {
    risks: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '32' },
    writers: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '5' },
    help: { type: 'boolean', default: false },
    naive: { type: 'boolean', default: false },
    tools: { type: 'string', default: TOOLS_DEFAULT },
    seed: { type: 'string', default: '1' },
    profile: { type: 'string' },
    only: { type: 'string', default: 'bare,varied,writes,mixed,report' },
    driver: { type: 'string', default: 'postgres' },
    'search-every': { type: 'string', default: '5' },
  },
});
if (values.help) {
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  console.log(
    text
      .slice(
        1,
        text.findIndex((l) => l.startsWith('import')),
      )
      .map((l) => l.slice(3))
      .join('\n'),
  );
  process.exit(0);
}
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
if (!(rounds >= 1)) throw new Error('--rounds is a whole number >= 1');
const searchEvery = Number(values['search-every']);
const risks = Number(values.risks);
const others = Math.min(20_000, Math.round(risks / 5));
const phases = new Set(values.only.split(','));
if (!['postgres', 'pglite'].includes(values.driver)) throw new Error('--driver is postgres or pglite');

const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const serverScript = fileURLToPath(new URL('./server-process.ts', import.meta.url));
// --profile DIR writes a CPU profile of the server process (node --cpu-prof) into DIR.
const profile = values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : [];
const server = spawn(
  process.execPath,
  [...profile, '--conditions=@comply/source', '--import', 'tsx', serverScript],
  {
    env: {
      ...process.env,
      BENCH_RISKS: String(risks),
      BENCH_VENDORS: String(others),
      BENCH_MEASURES: String(others),
      BENCH_REGISTERS: String(others),
      BENCH_SCOPE: 'WRITE',
      BENCH_DRIVER: values.driver,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [line] = await once(createInterface({ input: server.stdout }), 'line');
const setup = JSON.parse(line);
const organizationId = setup.input.organization_id;
const headers = { authorization: `Bearer ${setup.token}`, 'content-type': 'application/json' };
const mcpHeaders = {
  ...headers,
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};

async function call(tool, input) {
  const reply = await fetch(`${setup.url}/api/mcp/tools/${tool}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(input),
  });
  if (reply.status !== 200) throw new Error(`${tool} answered ${reply.status}: ${await reply.text()}`);
  return reply.json();
}
const riskIds = (await call('listRisks', { organization_id: organizationId, page_size: 100 })).risks.map(
  (r) => r.id,
);

/** A request source: each call returns the next {tool, input} of a deterministic sequence. */
function readSource(tool, salt = 0) {
  const random = seededRandom(Number(values.seed) + salt);
  let index = 0;
  return () => ({
    tool,
    input: variedListInput({ tool, random, index: index++, organizationId, searchEvery }),
  });
}
function writeSource() {
  const random = seededRandom(Number(values.seed) + 1);
  let index = 0;
  return () => writeInput({ random, index: index++, organizationId, riskIds });
}
function mixedSource() {
  // Never repeats within itself; its own seed keeps it apart from the varied phase's sequences.
  const reads = uniqueListSource({
    tool: 'listRisks',
    seed: Number(values.seed) + 300,
    organizationId,
    searchEvery,
  });
  const writes = writeSource();
  let index = 0;
  return () => (index++ % 10 === 9 ? writes() : reads());
}

function restRequest(next, counter) {
  return (request) => {
    const { tool, input } = next();
    const body = JSON.stringify(input);
    counter.see(`${tool}${body}`);
    return { ...request, path: `/api/mcp/tools/${tool}`, body };
  };
}
function mcpRequest(next, counter) {
  return (request) => {
    const { tool, input } = next();
    counter.see(`${tool}${JSON.stringify(input)}`);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: tool, arguments: input },
    });
    return { ...request, path: '/api/mcp/v1', body };
  };
}

/** The server process's CPU time so far, µs (user + system; server-process.ts `/cpu`). */
async function serverCpu() {
  const reply = await fetch(`${setup.bareUrl}/cpu`);
  return (await reply.json()).micros;
}

async function run({ name, url, method, headers: h, setupRequest, connections, counter }) {
  const options = { url, method, headers: h, connections, duration: seconds };
  if (setupRequest) options.requests = [{ setupRequest }];
  const cpuBefore = await serverCpu();
  const result = await autocannon(options);
  // Requests still in flight when the slice ends are finished by the server: let them settle so
  // their CPU counts for this slice, whose `sent` includes them.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const cpu = (await serverCpu()) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx replies and ${result.errors} errors`);
  }
  return {
    name,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    repeat: counter?.rate(),
    cpuPerRequest: result.requests.sent > 0 ? cpu / result.requests.sent : Number.NaN,
  };
}

/** A REST run over one request source, with its repeat rate. */
function restRun({ name, source, connections }) {
  const counter = repeatCounter();
  const setupRequest = restRequest(source, counter);
  return run({ name, url: setup.url, method: 'POST', headers, setupRequest, connections, counter });
}

/** getComplianceReport timed alone, each call after a write (so never from the read cache). */
async function reportTimes(calls = 15) {
  const times = [];
  for (let i = 0; i < calls; i++) {
    await call('updateRisk', {
      organization_id: organizationId,
      id: riskIds[i % riskIds.length],
      note: `r${i}`,
    });
    const start = performance.now();
    await call('getComplianceReport', { organization_id: organizationId });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { calls, p50: times[Math.floor(calls / 2)], max: times[calls - 1] };
}

function naiveRequest(next, counter) {
  return (request) => {
    const { tool, input } = next();
    counter.see(inputKey({ tool, input }));
    return { ...request, path: `/naive/${tool}`, body: JSON.stringify(input) };
  };
}

function floorRequest(next, counter) {
  return (request) => {
    const { tool, input } = next();
    counter.see(inputKey({ tool, input }));
    return { ...request, path: `/floor/${tool}`, body: JSON.stringify(input) };
  };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const spread = (list) => ({ median: median(list), min: Math.min(...list), max: Math.max(...list) });

/**
 * One tool's varied reads through the floor, REST and MCP in `rounds` alternating rounds. The
 * floor and REST draw the same input sequence; MCP its own (odd page sizes). `server` counts the
 * repeats among every input the Comply server saw (REST and MCP share its read cache).
 */
async function roundsOf(tool) {
  const seed = Number(values.seed);
  // One call first, with a `query` no varied input has: listTasks' first call brings generated
  // tasks up to date (a write, once; later calls skip it while the data is unchanged), which no
  // round should pay, and every tool's first call warms its statements.
  await call(tool, { organization_id: organizationId, query: 'warm-up', page_size: 100 });
  const server = repeatCounter();
  const floorCounter = repeatCounter();
  const c = Number(values.connections);
  const doors = {
    floor: {
      url: setup.floorUrl,
      headers: { 'content-type': 'application/json' },
      setupRequest: floorRequest(uniqueListSource({ tool, seed, organizationId, searchEvery }), floorCounter),
    },
    REST: {
      url: setup.url,
      headers,
      setupRequest: restRequest(uniqueListSource({ tool, seed, organizationId, searchEvery }), server),
    },
    MCP: {
      url: setup.url,
      headers: mcpHeaders,
      setupRequest: mcpRequest(
        uniqueListSource({ tool, seed: seed + 100, organizationId, searchEvery, parity: 1 }),
        server,
      ),
    },
  };
  const slices = { floor: [], REST: [], MCP: [] };
  const naiveCounter = repeatCounter();
  if (values.naive && tool === 'listRisks') {
    doors.naive = {
      url: setup.floorUrl,
      headers: { 'content-type': 'application/json' },
      setupRequest: naiveRequest(uniqueListSource({ tool, seed, organizationId, searchEvery }), naiveCounter),
    };
    slices.naive = [];
  }
  for (let round = 0; round < rounds; round++) {
    const forward = Object.keys(slices);
    const order = round % 2 === 0 ? forward : forward.reverse();
    for (const door of order) {
      const d = doors[door];
      slices[door].push(
        await run({
          name: `${tool} ${door}`,
          url: d.url,
          method: 'POST',
          headers: d.headers,
          setupRequest: d.setupRequest,
          connections: c,
        }),
      );
    }
  }
  // A round where a door served no request (or had no p99) gives no ratio; none at all: undefined.
  const perRound = (f) => {
    const ratios = slices.floor.map((_, i) => f(i)).filter((x) => Number.isFinite(x) && x > 0);
    return ratios.length ? spread(ratios) : undefined;
  };
  return {
    tool,
    doors: Object.fromEntries(
      Object.entries(slices).map(([door, list]) => [
        door,
        {
          rps: spread(list.map((s) => s.rps)),
          p50: spread(list.map((s) => s.p50)),
          p99: spread(list.map((s) => s.p99)),
          cpu: spread(list.map((s) => s.cpuPerRequest)),
        },
      ]),
    ),
    restOverFloor: perRound((i) => slices.REST[i].rps / slices.floor[i].rps),
    mcpOverRest: perRound((i) => slices.MCP[i].rps / slices.REST[i].rps),
    restP99OverFloor: perRound((i) => slices.REST[i].p99 / slices.floor[i].p99),
    mcpP99OverFloor: perRound((i) => slices.MCP[i].p99 / slices.floor[i].p99),
    restCpuAboveFloor: spread(slices.floor.map((f, i) => slices.REST[i].cpuPerRequest - f.cpuPerRequest)),
    mcpCpuAboveRest: spread(
      slices.floor.map((_, i) => slices.MCP[i].cpuPerRequest - slices.REST[i].cpuPerRequest),
    ),
    naive: Boolean(slices.naive),
    floorOverNaive: slices.naive ? perRound((i) => slices.floor[i].rps / slices.naive[i].rps) : undefined,
    repeat: { server: server.rate(), floor: floorCounter.rate() },
  };
}

const rows = [];
const rounded = [];
let report;
try {
  const c = Number(values.connections);
  // The warm-up's inputs carry an owner filter no varied input has: nothing it caches is reused.
  const warmSource = readSource('listRisks', 200);
  const warm = restRequest(() => {
    const { tool, input } = warmSource();
    return { tool, input: { ...input, owner: 'warm-up' } };
  }, repeatCounter());
  await autocannon({
    url: setup.url,
    method: 'POST',
    headers,
    connections: c,
    duration: 1,
    requests: [{ setupRequest: warm }],
  });
  rows.push(
    await run({
      name: 'bare route, canned JSON',
      url: `${setup.bareUrl}/canned`,
      method: 'GET',
      headers: {},
      connections: c,
    }),
  );
  for (const tool of phases.has('varied') ? values.tools.split(',') : []) rounded.push(await roundsOf(tool));
  if (phases.has('writes')) {
    rows.push(
      await restRun({
        name: 'addRisk/updateRisk, REST',
        source: writeSource(),
        connections: Number(values.writers),
      }),
    );
  }
  if (phases.has('mixed')) {
    rows.push(
      await restRun({ name: 'mixed 9 reads : 1 write, REST', source: mixedSource(), connections: c }),
    );
  }
  if (phases.has('report')) report = await reportTimes();
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
}

const bare = rows[0].rps;
console.log(
  `\nvaried load, ${values.driver}, ${risks} risks (${others} each of vendors, measures, evidence files, tasks, documents, control tests), ${seconds} s each, seed ${values.seed}; load average ${loadBefore} before, ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} after\n`,
);
console.log('| workload                          | conns |   req/s | p50 ms | p99 ms | / bare | repeat |');
console.log('|-----------------------------------|------:|--------:|-------:|-------:|-------:|-------:|');
for (const r of rows) {
  const repeat = r.repeat === undefined ? '' : `${(r.repeat * 100).toFixed(0)}%`;
  console.log(
    `| ${r.name.padEnd(33)} | ${String(r.connections).padStart(5)} | ${r.rps.toFixed(0).padStart(7)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${(r.rps / bare).toFixed(2).padStart(6)} | ${repeat.padStart(6)} |`,
  );
}
const range = (s, digits = 0) =>
  `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
if (rounded.length > 0) {
  console.log(
    `\nvaried reads, ${rounds} alternating rounds of ${seconds} s per door, ${values.connections} connections: median (min–max)\n`,
  );
  console.log(
    '| tool         | door  | req/s              | p50 ms         | p99 ms             | server CPU µs/req  |',
  );
  console.log(
    '|--------------|-------|-------------------:|---------------:|-------------------:|-------------------:|',
  );
  for (const r of rounded) {
    for (const [door, d] of Object.entries(r.doors)) {
      console.log(
        `| ${r.tool.padEnd(12)} | ${door.padEnd(5)} | ${range(d.rps).padStart(18)} | ${range(d.p50).padStart(14)} | ${range(d.p99).padStart(18)} | ${range(d.cpu).padStart(18)} |`,
      );
    }
  }
  const verdict = (ok) => (ok ? 'meets' : 'misses');
  // Judges a ratio's median, or says it was not measured (a door served nothing in every round).
  const judged = (s, goal, ok) =>
    s
      ? `${range(s, 2)} (${goal}: ${verdict(ok(s.median))})`
      : `n/a (${goal}: not measured, a door served no request)`;
  console.log('');
  for (const r of rounded) {
    const atMost = (x) => x <= 1.2;
    const atLeast = (x) => x >= 0.9;
    console.log(
      `${r.tool}: REST/floor ${judged(r.restOverFloor, 'goal >= 0.9', atLeast)}; ` +
        `MCP/REST ${judged(r.mcpOverRest, 'goal >= 0.9', atLeast)}; ` +
        `p99 REST/floor ${judged(r.restP99OverFloor, 'goal <= 1.2', atMost)}; ` +
        `p99 MCP/floor ${judged(r.mcpP99OverFloor, 'goal <= 1.2', atMost)}; ` +
        `repeat rate: server ${(r.repeat.server * 100).toFixed(2)}%, floor ${(r.repeat.floor * 100).toFixed(2)}% (goal 0)`,
    );
    console.log(
      `${r.tool}: server CPU per request above the floor: REST ${range(r.restCpuAboveFloor)} µs, MCP above REST ${range(r.mcpCpuAboveRest)} µs`,
    );
    if (r.naive) {
      console.log(
        `${r.tool}: floor/naive ${judged(r.floorOverNaive, 'goal > 1', (x) => x > 1)} (naive: links as joins + GROUP BY, COUNT(*) every page)`,
      );
    }
  }
}
if (report) {
  console.log(
    `getComplianceReport after a write, ${report.calls} calls one at a time: p50 ${report.p50.toFixed(1)} ms, max ${report.max.toFixed(1)} ms`,
  );
}
