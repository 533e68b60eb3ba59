import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolNames } from '@comply/schemas';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

// Every configuration in docs/clients.md, as written there, against real servers.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(join(repoRoot, 'docs/clients.md'), 'utf8');
const configs = new Map(
  [...doc.matchAll(/<!-- config: ([\w-]+) -->\n```json\n([\s\S]*?)\n```/g)].map((m) => [
    m[1],
    JSON.parse(m[2] ?? ''),
  ]),
);
const mcpRemote = join(
  dirname(createRequire(import.meta.url).resolve('mcp-remote/package.json')),
  'dist/proxy.js',
);

interface Entry {
  type?: string;
  url?: string;
  serverUrl?: string;
  headers?: Record<string, string>;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
}

describe('the configurations in docs/clients.md', () => {
  let local: TestServer;
  let production: TestServer;
  /** What each client would substitute: addresses of the two test servers, and the token of `server`. */
  let fill: (text: string, server: TestServer) => string;
  /** The test server an entry is meant for, by its address. */
  const target = (entry: Entry) =>
    `${entry.url ?? entry.serverUrl ?? entry.args?.join(' ')} ${JSON.stringify(entry.env ?? {})}`.includes(
      'http://127.0.0.1:8787',
    )
      ? local
      : production;

  beforeAll(async () => {
    [local, production] = await Promise.all([
      startTestServer({ driver: 'pglite' }),
      startTestServer({ driver: 'pglite' }),
    ]);
    const addresses: [string, string][] = [
      ['http://127.0.0.1:8787', local.url],
      ['https://comply.example.com', production.url],
    ];
    fill = (text, server) => {
      const tokens: Record<string, string> = {
        COMPLY_API_TOKEN: server.owner.token,
        'comply-token': server.owner.token,
        COMPLY_LOCAL_TOKEN: local.owner.token,
        COMPLY_PROD_TOKEN: production.owner.token,
      };
      // `${NAME}` (Claude Code), `${env:NAME}` (Cursor, Windsurf), `${input:id}` (VS Code); others, like
      // mcp-remote's `${COMPLY_AUTH_HEADER}`, are left for the program that expands them.
      return addresses
        .reduce((out, [from, to]) => out.split(from).join(to), text)
        .replace(/\$\{(?:env:|input:)?([\w-]+)\}/g, (whole, name: string) => tokens[name] ?? whole)
        .split('comply_pat_REPLACE_ME')
        .join(server.owner.token);
    };
  });
  afterAll(async () => {
    await Promise.all([local?.stop(), production?.stop()]);
  });

  async function listOverHttp(entry: Entry): Promise<string[]> {
    const url = entry.url ?? entry.serverUrl;
    if (!url) throw new Error('entry without url/serverUrl');
    const server = target(entry);
    const headers = Object.fromEntries(
      Object.entries(entry.headers ?? {}).map(([k, v]) => [k, fill(v, server)]),
    );
    expect(Object.values(headers).join(' ')).not.toMatch(/\$\{/);
    const client = new Client({ name: 'docs-config-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(fill(url, server)), { requestInit: { headers } }),
    );
    try {
      return (await client.listTools()).tools.map((t) => t.name);
    } finally {
      await client.close();
    }
  }

  async function listOverStdio(entry: Entry): Promise<string[]> {
    let { command, args = [] } = entry;
    if (command === 'node' && args[0]?.endsWith('/apps/server/bin/comply.js')) {
      // The bin runs dist/; the tests run the same CLI from sources.
      args = [
        '--conditions=@comply/source',
        '--import',
        'tsx',
        join(repoRoot, 'apps/server/src/cli/run.ts'),
        ...args.slice(1),
      ];
    } else if (command === 'npx' && args[0] === '-y' && args[1]?.startsWith('mcp-remote@')) {
      args = [mcpRemote, ...args.slice(2)];
    } else throw new Error(`unexpected command ${command} ${args.join(' ')}`);
    const server = target(entry);
    const env = Object.fromEntries(Object.entries(entry.env ?? {}).map(([k, v]) => [k, fill(v, server)]));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: args.map((a) => fill(a, server)),
      env,
      cwd: repoRoot,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'docs-config-test', version: '1.0.0' });
    await client.connect(transport, { timeout: 60_000 });
    try {
      return (await client.listTools()).tools.map((t) => t.name);
    } finally {
      await client.close();
    }
  }

  it('has every configuration the page promises', () => {
    expect([...configs.keys()].sort()).toEqual(
      [
        'claude-code',
        'claude-desktop-comply-mcp',
        'claude-desktop-mcp-remote',
        'cursor',
        'multi-instance',
        'vscode',
        'windsurf',
      ].sort(),
    );
  });

  it.each(['claude-code', 'cursor', 'windsurf'])('%s: URL and headers reach every tool', async (name) => {
    const entry = configs.get(name).mcpServers.comply as Entry;
    expect(await listOverHttp(entry)).toHaveLength(toolNames.length);
  });

  it('vscode: the password input fills the header and reaches every tool', async () => {
    const config = configs.get('vscode');
    expect(config.inputs[0]).toMatchObject({ type: 'promptString', id: 'comply-token', password: true });
    expect(config.servers.comply.type).toBe('http');
    expect(await listOverHttp(config.servers.comply)).toHaveLength(toolNames.length);
  });

  it.each(['claude-desktop-comply-mcp', 'claude-desktop-mcp-remote'])(
    '%s: the command with its env block reaches every tool',
    async (name) => {
      expect(await listOverStdio(configs.get(name).mcpServers.comply as Entry)).toHaveLength(
        toolNames.length,
      );
    },
  );

  it('multi-instance: each entry reaches its own instance with its own token', async () => {
    const servers = configs.get('multi-instance').mcpServers as Record<string, Entry>;
    expect(Object.keys(servers)).toEqual(['comply-local', 'comply-production']);
    expect(servers['comply-local']?.url).toMatch(/^http:\/\//);
    expect(servers['comply-production']?.url).toMatch(/^https:\/\//);
    for (const entry of Object.values(servers))
      expect(await listOverHttp(entry)).toHaveLength(toolNames.length);
    const swapped = { ...servers['comply-local'], headers: servers['comply-production']?.headers };
    await expect(listOverHttp(swapped)).rejects.toMatchObject({ code: 401 });
  });
});
