#!/usr/bin/env node
// Before/after on a noisy machine: runs this tree's server and a baseline tree's server side by
// side (both seeded alike, each in its own schema or in-memory PGlite) and alternates short slices
// of the same workload between them (A B B A …), so both see the same background load.
//   node scripts/bench/compare.mjs --base DIR [--workloads writes,mixed] [--rounds 4] [--seconds 3]
//     workloads: writes, mixed (REST), reads (REST listRisks), mcp (the same reads as 2025-era
//     tools/call), modern (the same as 2026-07-28 tools/call, envelope and headers); with
//     `-cached` (reads-cached, mcp-cached, modern-cached) one read repeated, answered from the
//     read cache, so the door's own cost shows
//     [--driver postgres|pglite] [--risks N] [--connections 32] [--writers 16]
// DIR is a source tree of the baseline, e.g. `git archive <commit> | tar -x -C DIR`; its
// node_modules are linked to this tree's, except the workspace packages, which point into DIR.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { inputKey, repeatCounter, seededRandom, uniqueListSource, writeInput } from './workloads.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    workloads: { type: 'string', default: 'writes,mixed' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '3' },
    driver: { type: 'string', default: 'postgres' },
    risks: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '32' },
    writers: { type: 'string', default: '16' },
  },
});
if (!values.base) throw new Error('--base DIR: a source tree of the baseline');
const here = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const base = resolve(values.base);

/** Links the baseline's node_modules to this tree's; workspace packages resolve inside the baseline. */
function linkModules() {
  const modules = join(base, 'node_modules');
  if (existsSync(modules)) return;
  mkdirSync(join(modules, '@comply'), { recursive: true });
  for (const name of readdirSync(join(here, 'node_modules'))) {
    if (name !== '@comply' && name !== '.bin')
      symlinkSync(join(here, 'node_modules', name), join(modules, name));
  }
  // Each workspace link (e.g. @comply/storage -> ../../packages/storage) gets the same relative target.
  for (const name of readdirSync(join(here, 'node_modules', '@comply'))) {
    const target = readlinkSync(join(here, 'node_modules', '@comply', name));
    symlinkSync(target, join(modules, '@comply', name));
  }
}

async function startServer(tree) {
  const risks = Number(values.risks);
  const server = spawn(
    process.execPath,
    ['--conditions=@comply/source', '--import', 'tsx', join(tree, 'scripts/bench/server-process.ts')],
    {
      cwd: tree,
      env: {
        ...process.env,
        BENCH_RISKS: String(risks),
        BENCH_VENDORS: String(Math.min(20_000, Math.round(risks / 5))),
        BENCH_MEASURES: String(Math.min(20_000, Math.round(risks / 5))),
        BENCH_SCOPE: 'WRITE',
        BENCH_DRIVER: values.driver,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = await once(createInterface({ input: server.stdout }), 'line');
  const setup = JSON.parse(line);
  const headers = { authorization: `Bearer ${setup.token}`, 'content-type': 'application/json' };
  const organizationId = setup.input.organization_id;
  const reply = await fetch(`${setup.url}/api/mcp/tools/listRisks`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ organization_id: organizationId, page_size: 100 }),
  });
  const riskIds = (await reply.json()).risks.map((r) => r.id);
  return { server, url: setup.url, headers, organizationId, riskIds };
}

/**
 * The workload's request source for one side; both sides get the same sequence. Its reads never
 * repeat (workloads.mjs uniqueListSource); `counter` sees each read, so the repeat rate is printed.
 */
function source(workload, side, counter) {
  const reads = uniqueListSource({ tool: 'listRisks', seed: 1, organizationId: side.organizationId });
  const writes = seededRandom(2);
  let i = 0;
  let w = 0;
  const read = () => {
    const next = reads();
    counter.see(inputKey(next));
    return next;
  };
  const write = () =>
    writeInput({ random: writes, index: w++, organizationId: side.organizationId, riskIds: side.riskIds });
  const first = reads();
  return () => {
    const index = i++;
    if (workload.endsWith('-cached')) return first;
    if (workload === 'writes') return write();
    if (workload === 'mixed') return index % 10 === 9 ? write() : read();
    return read();
  };
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** Path, headers and body of one tool call through the workload's door (REST, or MCP of an era). */
function toolRequest({ workload, tool, input }) {
  const door = workload.replace(/-cached$/, '');
  if (door !== 'mcp' && door !== 'modern') {
    return { path: `/api/mcp/tools/${tool}`, body: JSON.stringify(input) };
  }
  const modern = door === 'modern';
  const params = { name: tool, arguments: input, ...(modern && { _meta: MODERN_META }) };
  const headers = {
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': modern ? '2026-07-28' : '2025-06-18',
    ...(modern && { 'mcp-method': 'tools/call', 'mcp-name': tool }),
  };
  return {
    path: '/api/mcp/v1',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }),
  };
}

async function slice(side, workload, next) {
  const connections = Number(workload === 'writes' ? values.writers : values.connections);
  const result = await autocannon({
    url: side.url,
    method: 'POST',
    headers: side.headers,
    connections,
    duration: Number(values.seconds),
    requests: [
      {
        setupRequest: (request) => {
          const { path, headers = {}, body } = toolRequest({ workload, ...next() });
          return { ...request, path, headers: { ...request.headers, ...headers }, body };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${workload}: ${result.non2xx} non-2xx replies and ${result.errors} errors`);
  }
  return { requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99 };
}

linkModules();
const sides = { base: await startServer(base), head: await startServer(here) };
const lines = [];
try {
  for (const workload of values.workloads.split(',')) {
    const counter = repeatCounter();
    const next = {
      base: source(workload, sides.base, repeatCounter()),
      head: source(workload, sides.head, counter),
    };
    const totals = { base: [], head: [] };
    for (let round = 0; round < Number(values.rounds); round++) {
      const order = round % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
      for (const name of order) totals[name].push(await slice(sides[name], workload, next[name]));
    }
    const summary = (name) => {
      const slices = totals[name];
      const rps = slices.reduce((sum, s) => sum + s.requests, 0) / (slices.length * Number(values.seconds));
      const median = (key) => slices.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(slices.length / 2)];
      const p99 = `${median('p99')}/${Math.max(...slices.map((s) => s.p99))}`;
      return { rps, p50: median('p50'), p99 };
    };
    const b = summary('base');
    const h = summary('head');
    lines.push(
      `| ${workload.padEnd(7)} | ${b.rps.toFixed(0).padStart(6)} | ${String(b.p50).padStart(4)} | ${b.p99.padStart(9)} | ${h.rps.toFixed(0).padStart(6)} | ${String(h.p50).padStart(4)} | ${h.p99.padStart(9)} | ${(h.rps / b.rps).toFixed(2).padStart(5)} | ${`${(counter.rate() * 100).toFixed(2)}%`.padStart(6)} |`,
    );
  }
} finally {
  // One after the other: two schemas dropped at once can deadlock on shared catalog rows.
  for (const side of Object.values(sides)) {
    side.server.kill('SIGTERM');
    await once(side.server, 'exit');
  }
}
console.log(
  `\n${values.driver}, ${values.risks} risks, ${values.rounds} rounds of ${values.seconds} s per side, alternating\n`,
);
console.log('| load    | base/s | p50  | p99       | head/s | p50  | p99       | ratio | repeat |');
console.log('|---------|-------:|-----:|----------:|-------:|-----:|----------:|------:|-------:|');
for (const line of lines) console.log(line);
console.log(
  '(p50: median of the slices; p99: median of the slices / worst slice; repeat: share of reads repeated, each side)',
);
