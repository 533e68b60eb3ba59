import { toolNames } from '@comply/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { describeRun, INSPECTOR, requireInstalled, runTool, TOOL_TEST_TIMEOUT } from './interop-tools.js';

function inspect({ server, token, args }: { server: TestServer; token: string; args: string[] }) {
  return runTool({
    entry: INSPECTOR,
    args: [
      '--cli',
      `${server.url}/api/mcp/v1`,
      '--transport',
      'http',
      '--header',
      `Authorization: Bearer ${token}`,
      '--stored-auth-only',
      '--format',
      'json',
      ...args,
    ],
  });
}

describe.each(DRIVERS)('MCP Inspector CLI against a listening server (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    requireInstalled(INSPECTOR);
    server = await startTestServer({ driver });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(
    'lists every tool',
    async () => {
      const run = await inspect({ server, token: server.owner.token, args: ['--method', 'tools/list'] });
      expect(run.code, describeRun(run)).toBe(0);
      const { tools } = JSON.parse(run.stdout).result as {
        tools: { name: string; inputSchema: { type: string } }[];
      };
      expect(tools.map((t) => t.name).sort()).toEqual([...toolNames].sort());
      expect(tools).toHaveLength(toolNames.length);
      expect(tools.every((t) => t.inputSchema.type === 'object')).toBe(true);
    },
    TOOL_TEST_TIMEOUT,
  );

  it(
    "calls listOrganizations and gets the owner's organization",
    async () => {
      const run = await inspect({
        server,
        token: server.owner.token,
        args: ['--method', 'tools/call', '--tool-name', 'listOrganizations'],
      });
      expect(run.code, describeRun(run)).toBe(0);
      const { result } = JSON.parse(run.stdout);
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toMatchObject({
        organizations: [{ id: server.owner.organizationId, role: 'OWNER' }],
        total_count: 1,
      });
      expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
    },
    TOOL_TEST_TIMEOUT,
  );

  it(
    'fails with a non-zero exit and lists nothing when the token is wrong',
    async () => {
      const run = await inspect({ server, token: 'not-a-token', args: ['--method', 'tools/list'] });
      expect(run.code, describeRun(run)).not.toBe(0);
      expect(run.stdout).toBe('');
      expect(JSON.parse(run.stderr).error.message).toMatch(/UNAUTHORIZED/);
    },
    TOOL_TEST_TIMEOUT,
  );
});
