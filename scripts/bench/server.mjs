#!/usr/bin/env node
// Throughput and latency of listRisks (filters, 10k risks, PostgreSQL) through three doors, in one run:
//   (a) a bare fastify route returning canned JSON of the same size — the ceiling
//   (b) the REST tool path  POST /api/mcp/tools/listRisks
//   (c) MCP tools/call      POST /api/mcp/v1
//   (d) the bare route again, with canned JSON the size of the MCP reply (for reference: a
//       tools/call reply carries the output twice, as structuredContent and as escaped text, so
//       it is ~2.2x the REST reply and (d) is MCP's own ceiling on this machine)
//   (e) MCP tools/call in the 2026-07-28 era (the `_meta` envelope and Mcp-Method/Mcp-Name headers)
// Targets: (c)/(b) >= 0.8, (e)/(b) >= 0.8 and (b)/(a) >= 0.25. Both tool paths answer repeated reads from the
// read-result cache (docs/performance.md), so this measures the transports, not PostgreSQL.
// The server runs in its own process
// (scripts/bench/server-process.ts, on the TypeScript sources through tsx); autocannon drives it
// from this one. Each door runs --rounds (5) slices of --seconds (4) in alternating order after a
// 2 s warm-up; the ratios are taken per round (the same round's slices) and printed as the median
// with the min–max, each beside its goal. Options: --risks N (10000), --connections N (16),
// --seconds N (4), --rounds N (5).
// Each row gives the server's CPU per request and the load generator's (autocannon, in this process):
// on a 2-core machine they share the cores, so a door whose requests cost the generator more is
// served less even at the same server cost.
// BENCH_PROF=DIR writes a CPU profile of the server process into DIR (node --cpu-prof).
// Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (a schema dropped at the end).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    risks: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
  },
});
const rounds = Number(values.rounds);
if (!(rounds >= 1)) throw new Error('--rounds is a whole number >= 1');
const connections = Number(values.connections);
const seconds = Number(values.seconds);

const serverScript = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const server = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROF] : []),
    '--conditions=@comply/source',
    '--import',
    'tsx',
    serverScript,
  ],
  {
    env: { ...process.env, BENCH_RISKS: values.risks },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [line] = await once(createInterface({ input: server.stdout }), 'line');
const setup = JSON.parse(line);

const auth = { authorization: `Bearer ${setup.token}`, 'content-type': 'application/json' };
const targets = [
  { key: 'a', name: 'bare fastify, canned JSON', url: `${setup.bareUrl}/canned`, method: 'GET', headers: {} },
  {
    key: 'b',
    name: 'REST tool path',
    url: `${setup.url}/api/mcp/tools/listRisks`,
    method: 'POST',
    headers: auth,
    body: JSON.stringify(setup.input),
  },
  {
    key: 'c',
    name: 'MCP tools/call',
    url: `${setup.url}/api/mcp/v1`,
    method: 'POST',
    headers: { ...auth, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'listRisks', arguments: setup.input },
    }),
  },
  {
    key: 'e',
    name: 'MCP tools/call, modern',
    url: `${setup.url}/api/mcp/v1`,
    method: 'POST',
    headers: {
      ...auth,
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'listRisks',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'listRisks',
        arguments: setup.input,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  },
  {
    key: 'd',
    name: 'bare fastify, MCP-size JSON',
    url: `${setup.bareUrl}/canned-mcp`,
    method: 'GET',
    headers: {},
  },
];

/** The server process's CPU time so far, µs (user + system; server-process.ts `/cpu`). */
async function serverCpu() {
  const reply = await fetch(`${setup.bareUrl}/cpu`);
  return (await reply.json()).micros;
}

/**
 * One slice of a door, with the server's CPU per request: steadier than req/s when other work
 * shares the cores, since it counts only what this process spent.
 */
async function run(target, duration) {
  const { key: _key, name: _name, ...request } = target;
  const before = await serverCpu();
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ ...request, connections, duration });
  const client = process.cpuUsage(clientBefore);
  // Requests in flight when the slice ended are still finished by the server: let them settle.
  await new Promise((resolve) => setTimeout(resolve, 300));
  result.cpuPerRequest = ((await serverCpu()) - before) / Math.max(1, result.requests.sent);
  result.clientCpuPerRequest = (client.user + client.system) / Math.max(1, result.requests.sent);
  return result;
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const spread = (list) => ({ median: median(list), min: Math.min(...list), max: Math.max(...list) });
const range = (s, digits = 0) =>
  `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
/** Per door, one result per round. */
const results = Object.fromEntries(targets.map((t) => [t.key, []]));
try {
  for (const target of targets) await run(target, 2); // warm-up: JIT, connection pool, query plans
  for (let round = 0; round < rounds; round++) {
    // Alternating order (a b c e d, then d e c b a, …): every door sees the same background load.
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const result = await run(target, seconds);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${target.name}: ${result.non2xx} non-2xx replies and ${result.errors} errors`);
      }
      results[target.key].push(result);
    }
  }
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
}

const of = (key, f) => spread(results[key].map(f));
const row = (key, label) =>
  `| ${label.padEnd(28)} | ${range(of(key, (r) => r.requests.average)).padStart(18)} | ${range(of(key, (r) => r.latency.p50)).padStart(12)} | ${range(of(key, (r) => r.latency.p99)).padStart(14)} | ${range(of(key, (r) => r.cpuPerRequest)).padStart(16)} | ${range(of(key, (r) => r.clientCpuPerRequest)).padStart(16)} |`;
/** x/y per round (the same round's slices), as median (min–max). */
const ratio = (x, y) => spread(results[x].map((r, i) => r.requests.average / results[y][i].requests.average));
const verdict = (s, goal) => `${range(s, 2)}  (goal >= ${goal}: ${s.median >= goal ? 'meets' : 'misses'})`;
console.log(
  `\nlistRisks, ${values.risks} risks, reply ${setup.bytes} bytes (MCP ${setup.mcpBytes}), ${connections} connections, ${rounds} alternating rounds of ${seconds} s per door; load average ${loadBefore} before, ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} after\n`,
);
console.log(
  '| door                         | req/s median (min–max) | p50 ms       | p99 ms         | server CPU µs/req | client CPU µs/req |',
);
console.log(
  '|------------------------------|-------------------:|-------------:|---------------:|-----------------:|-----------------:|',
);
for (const target of targets) console.log(row(target.key, `(${target.key}) ${target.name}`));
console.log(`\nper-round ratios, median (min–max):`);
console.log(`(c)/(b) = ${verdict(ratio('c', 'b'), 0.8)}  (MCP/REST, 2025-06-18 era)`);
console.log(`(e)/(b) = ${verdict(ratio('e', 'b'), 0.8)}  (MCP/REST, 2026-07-28 era)`);
console.log(`(b)/(a) = ${verdict(ratio('b', 'a'), 0.25)}  (REST against the bare route)`);
console.log(`(c)/(d) = ${range(ratio('c', 'd'), 2)}  (MCP against a bare route sending its reply size)`);
/** Server CPU per request of x above y's, per round, µs. */
const cpuAbove = (x, y) => spread(results[x].map((r, i) => r.cpuPerRequest - results[y][i].cpuPerRequest));
console.log(
  `server CPU per request above REST's, µs: MCP ${range(cpuAbove('c', 'b'))}, MCP modern ${range(cpuAbove('e', 'b'))}; REST above the bare route ${range(cpuAbove('b', 'a'))}; the MCP-size bare route above the bare route ${range(cpuAbove('d', 'a'))}`,
);
