// Load and soak against PostgreSQL: C connections of mixed reads and writes (REST and MCP) for S
// seconds after a warm-up at the same load, on a server in its own process
// (scripts/stress/server-process.ts). Fails (exit 1) on any error or non-2xx reply, or when the
// server's resident memory after the run exceeds 120% of what it was after the warm-up.
// Options: --connections N (64), --seconds N (60), --warmup N (10).
// Database: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (a schema dropped at the end).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
  },
});

/** Resident memory of a process in MiB, from /proc. */
function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** The request mix: per 10 requests, 6 reads (REST and MCP) and 4 writes (adds and updates). */
function mix(setup) {
  const auth = { authorization: `Bearer ${setup.token}`, 'content-type': 'application/json' };
  const mcpHeaders = { ...auth, accept: 'application/json, text/event-stream' };
  const org = setup.organizationId;
  const pick = () => setup.riskIds[Math.floor(Math.random() * setup.riskIds.length)];
  const rest = (tool, body) => ({
    method: 'POST',
    path: `/api/mcp/tools/${tool}`,
    headers: auth,
    setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
  });
  const mcp = (tool, args) => ({
    method: 'POST',
    path: '/api/mcp/v1',
    headers: mcpHeaders,
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: tool, arguments: args() },
      }),
    }),
  });
  const run = Math.random().toString(36).slice(2, 8);
  let n = 0;
  return [
    rest('listRisks', () => ({ organization_id: org, min_residual_score: 5, page_size: 20 })),
    rest('addRisk', () => ({
      organization_id: org,
      name: `soak ${n++}`,
      inherent_likelihood: 2,
      inherent_impact: 3,
    })),
    rest('getRisk', () => ({ id: pick() })),
    mcp('listRisks', () => ({ organization_id: org, query: 'soak', page_size: 10 })),
    rest('updateRisk', () => ({ id: pick(), note: `note ${n++}` })),
    rest('getComplianceReport', () => ({ organization_id: org })),
    mcp('addVendor', () => ({ organization_id: org, name: `vendor ${run}-${n++}` })),
    rest('listVendors', () => ({ organization_id: org, page_size: 20 })),
    mcp('updateRisk', () => ({ id: pick(), owner: `owner ${n++}` })),
    rest('getOrganization', () => ({ organization_id: org })),
  ];
}

/** One autocannon run; MCP tool errors come back as 200 with isError, so bodies are checked too. */
async function run({ setup, connections, seconds }) {
  let toolErrors = 0;
  const samples = new Set();
  const result = await autocannon({
    url: setup.url,
    connections,
    duration: seconds,
    requests: mix(setup).map((r) => ({
      ...r,
      onResponse: (status, body) => {
        if (status === 200 && body.includes('"isError":true')) {
          toolErrors++;
          if (samples.size < 5) samples.add(body.slice(0, 300));
        }
      },
    })),
  });
  for (const sample of samples) console.error(`MCP tool error: ${sample}`);
  return { result, toolErrors };
}

const serverScript = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const server = spawn(process.execPath, ['--conditions=@comply/source', '--import', 'tsx', serverScript], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [line] = await once(createInterface({ input: server.stdout }), 'line');
const setup = JSON.parse(line);
const connections = Number(values.connections);
try {
  await run({ setup, connections, seconds: Number(values.warmup) });
  const afterWarmup = rssMiB(setup.pid);
  const { result, toolErrors } = await run({ setup, connections, seconds: Number(values.seconds) });
  const afterRun = rssMiB(setup.pid);
  const failures = result.errors + result.timeouts + result.non2xx + toolErrors;
  const growth = afterRun / afterWarmup - 1;
  const report = {
    connections,
    seconds: Number(values.seconds),
    requests: result.requests.total,
    requests_per_second: Math.round(result.requests.average),
    latency_ms: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mcp_tool_errors: toolErrors,
    rss_mib: { after_warmup: Math.round(afterWarmup), after_run: Math.round(afterRun) },
    rss_growth_percent: Math.round(growth * 1000) / 10,
  };
  console.log(JSON.stringify(report, null, 2));
  const ok = failures === 0 && growth <= 0.2;
  console.log(
    ok ? 'soak: PASS' : `soak: FAIL (${failures} failed requests, RSS growth ${report.rss_growth_percent}%)`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
}
