import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { toolNames } from '@comply/schemas';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

// The third-party bridge Claude Desktop users run: `npx mcp-remote <url> --header "Authorization:Bearer …"`.
const proxy = join(
  dirname(createRequire(import.meta.url).resolve('mcp-remote/package.json')),
  'dist/proxy.js',
);

describe.each(DRIVERS)('mcp-remote bridging a stdio client to a real server (%s)', (driver) => {
  let server: TestServer;
  let client: Client;
  let configDir: string;
  let stderr = '';

  beforeAll(async () => {
    server = await startTestServer({ driver });
    // mcp-remote keeps OAuth state under MCP_REMOTE_CONFIG_DIR; a fresh one proves it needed none.
    configDir = mkdtempSync(join(tmpdir(), 'comply-mcp-remote-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        proxy,
        `${server.url}/api/mcp/v1`,
        '--header',
        `Authorization:Bearer ${server.owner.token}`,
        '--transport',
        'http-only',
        '--auth-timeout',
        '5',
      ],
      env: { MCP_REMOTE_CONFIG_DIR: configDir },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk) => (stderr += chunk));
    client = new Client({ name: 'mcp-remote-test', version: '1.0.0' });
    await client.connect(transport, { timeout: 60_000 });
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  it('lists every tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort(), stderr).toEqual([...toolNames].sort());
    expect(tools).toHaveLength(toolNames.length);
  });

  it('forwards a call', async () => {
    const result = await client.callTool({ name: 'listOrganizations', arguments: {} });
    expect(result.isError, stderr).toBeFalsy();
    const output = result.structuredContent as { organizations: { id: string }[] };
    expect(output.organizations.map((o) => o.id)).toEqual([server.owner.organizationId]);
  });

  it('never started an OAuth flow', () => {
    expect(stderr).not.toMatch(/Authorization required|authorizationUrl|Please authorize/i);
    expect(
      readdirSync(configDir, { recursive: true }).filter((f) => String(f).endsWith('tokens.json')),
    ).toEqual([]);
  });
});
