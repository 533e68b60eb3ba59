import { setTimeout as sleep } from 'node:timers/promises';

/** How long `/livez` or a tool call may take while an attack runs: generous, a stall is seconds. */
export const LIVENESS_BOUND_MS = 2_000;

// A probe that gets no answer by then counts as this slow (and ends the watch).
const PROBE_TIMEOUT_MS = 5_000;

type Probe = (signal: AbortSignal) => Promise<Response>;
// The longest an attack is watched: on a stalled server the probes have failed long before.
const WATCH_MS = 60_000;

/** What a watch saw: the attack's answer (null when it got none in time) and the slowest probe. */
export interface Watch {
  status: number | null;
  // biome-ignore lint/suspicious/noExplicitAny: replies are arbitrary JSON
  body: any;
  /** Milliseconds of the slowest `/livez` or tool call sent while the attack was in flight. */
  slowest: number;
  /** The slowest of each kind, to tell the event loop (`/livez`) from the database (the tool call). */
  livez: number;
  tool: number;
  probes: number;
  /** Milliseconds from sending the attack to its answer. */
  elapsed: number;
}

async function timed({ run, timeoutMs }: { run: Probe; timeoutMs: number }): Promise<number> {
  const started = performance.now();
  try {
    const response = await run(AbortSignal.timeout(timeoutMs));
    await response.arrayBuffer();
    if (!response.ok) return timeoutMs;
  } catch {
    return timeoutMs;
  }
  return performance.now() - started;
}

/**
 * Sends `attack` to a server in another process and, until it is answered, probes that server
 * back to back with `GET /livez` and a tool call (`listOrganizations` with `token`), timing each.
 * The probes run in this process, which the attack cannot block.
 */
export async function watchAttack(args: {
  url: string;
  token: string;
  attack: () => Promise<Response>;
  /** How long a probe may wait before it counts as failed and ends the watch (default 5 s). */
  probeTimeoutMs?: number | undefined;
}): Promise<Watch> {
  const timeoutMs = args.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const started = performance.now();
  let settled = false;
  const answer = args.attack().then(
    async (response) => {
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    () => ({ status: null, body: undefined }),
  );
  const done = answer.finally(() => {
    settled = true;
  });
  let slowest = 0;
  let slowestLivez = 0;
  let slowestTool = 0;
  let probes = 0;
  while (!settled && performance.now() - started < WATCH_MS && slowest < timeoutMs) {
    const livez = await timed({ run: (signal) => fetch(`${args.url}/livez`, { signal }), timeoutMs });
    const tool = await timed({
      run: (signal) =>
        fetch(`${args.url}/api/mcp/tools/listOrganizations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${args.token}`, 'content-type': 'application/json' },
          body: '{}',
          signal,
        }),
      timeoutMs,
    });
    slowestLivez = Math.max(slowestLivez, livez);
    slowestTool = Math.max(slowestTool, tool);
    slowest = Math.max(slowestLivez, slowestTool);
    probes += 1;
    await sleep(20);
  }
  const result = settled ? await done : { status: null, body: undefined };
  return {
    ...result,
    slowest,
    livez: slowestLivez,
    tool: slowestTool,
    probes,
    elapsed: performance.now() - started,
  };
}
