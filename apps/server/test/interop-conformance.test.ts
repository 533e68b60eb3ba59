import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthProxy, startAuthProxy } from './auth-proxy.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { CONFORMANCE, describeRun, requireInstalled, runTool, TOOL_TEST_TIMEOUT } from './interop-tools.js';

/** Each scenario with the checks it reports (conformance 0.1.16), every one of which must succeed. */
const SCENARIOS: [scenario: string, checkIds: string[]][] = [
  ['server-initialize', ['server-initialize']],
  ['ping', ['ping']],
  ['tools-list', ['tools-list']],
  ['dns-rebinding-protection', ['localhost-host-rebinding-rejected', 'localhost-host-valid-accepted']],
];

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** The checks of the one run saved under `dir` (in `server-<scenario>-<timestamp>/`), [] if none. */
function readChecks(dir: string): Check[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((run) =>
    (JSON.parse(readFileSync(join(dir, run, 'checks.json'), 'utf8')) as Check[]).map(
      ({ id, status, errorMessage }) => ({ id, status, errorMessage }),
    ),
  );
}

describe.each(DRIVERS)('official MCP conformance scenarios (%s)', (driver) => {
  let server: TestServer;
  let proxy: AuthProxy;
  let outputDir: string;

  beforeAll(async () => {
    requireInstalled(CONFORMANCE);
    server = await startTestServer({ driver });
    // The runner has no option for custom headers; the proxy adds the owner's Bearer token.
    proxy = await startAuthProxy({ target: server.url, token: server.owner.token });
    outputDir = mkdtempSync(join(tmpdir(), 'comply-conformance-'));
  });
  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
    if (outputDir) rmSync(outputDir, { recursive: true, force: true });
  });

  it.each(SCENARIOS)(
    'passes %s',
    async (scenario, checkIds) => {
      const scenarioDir = join(outputDir, scenario);
      const run = await runTool({
        entry: CONFORMANCE,
        args: ['server', '--url', `${proxy.url}/api/mcp/v1`, '--scenario', scenario, '-o', scenarioDir],
      });
      expect(readChecks(scenarioDir), describeRun(run)).toEqual(
        checkIds.map((id) => ({ id, status: 'SUCCESS', errorMessage: undefined })),
      );
      expect(run.code, describeRun(run)).toBe(0);
    },
    TOOL_TEST_TIMEOUT,
  );
});
