import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { toolNames, tools } from '@comply/schemas';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { freePort } from './ports.js';

// Each test spawns `comply mcp` through tsx, which takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const run = fileURLToPath(new URL('../src/cli/run.ts', import.meta.url));
// `comply mcp` from sources; the bin runs the same main() from dist.
const command = {
  command: process.execPath,
  args: ['--conditions=@comply/source', '--import', 'tsx', run, 'mcp'],
};

/** An MCP client talking to `comply mcp` over stdio; `errors` collects anything that is not JSON-RPC on stdout. */
async function bridge(env: Record<string, string>): Promise<{ client: Client; errors: Error[] }> {
  const transport = new StdioClientTransport({ ...command, env, cwd: repoRoot, stderr: 'pipe' });
  const errors: Error[] = [];
  const client = new Client({ name: 'cli-mcp-test', version: '1.0.0' });
  client.onerror = (error) => errors.push(error);
  await client.connect(transport, { timeout: 60_000 });
  return { client, errors };
}

/** Runs `comply mcp` with stdin closed; resolves to its exit code and output. */
function runOnce(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.command, command.args, {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(DRIVERS)('comply mcp, a stdio bridge to a real server (%s)', (driver) => {
  let server: TestServer;
  let direct: Client;
  let viaBridge: { client: Client; errors: Error[] };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    direct = new Client({ name: 'cli-mcp-test-direct', version: '1.0.0' });
    await direct.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp/v1`), {
        requestInit: { headers: { Authorization: `Bearer ${server.owner.token}` } },
      }),
    );
    viaBridge = await bridge({ COMPLY_URL: server.url, COMPLY_API_TOKEN: server.owner.token });
  });
  afterAll(async () => {
    await viaBridge?.client.close();
    await direct?.close();
    await server?.stop();
  });

  it('lists the same tools as the instance, with titles, schemas and annotations', async () => {
    const { tools: listed } = await viaBridge.client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual([...toolNames].sort());
    expect(listed).toHaveLength(toolNames.length);
    for (const tool of listed) {
      expect(tool.title).toBe(tools[tool.name as keyof typeof tools].title);
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.openWorldHint).toBe(false);
    }
    expect(listed).toEqual((await direct.listTools()).tools);
  });

  it('forwards a call and returns its structured output', async () => {
    const result = await viaBridge.client.callTool({ name: 'listOrganizations', arguments: {} });
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent as { organizations: { id: string }[] };
    expect(output.organizations.map((o) => o.id)).toEqual([server.owner.organizationId]);
  });

  it("forwards the instance's prompts, completions and resources as they are", async () => {
    const orgId = server.owner.organizationId;
    const [prompts, directPrompts] = await Promise.all([
      viaBridge.client.listPrompts(),
      direct.listPrompts(),
    ]);
    expect(prompts.prompts.map((p) => p.name)).toContain('riskAssessment');
    expect(prompts).toEqual(directPrompts);
    const get = { name: 'riskAssessment', arguments: { organization_id: orgId } };
    expect(await viaBridge.client.getPrompt(get)).toEqual(await direct.getPrompt(get));
    const complete = {
      ref: { type: 'ref/prompt' as const, name: 'riskAssessment' },
      argument: { name: 'organization_id', value: '' },
    };
    expect((await viaBridge.client.complete(complete)).completion.values).toEqual([orgId]);
    expect(await viaBridge.client.listResourceTemplates()).toEqual(await direct.listResourceTemplates());
    const library = await viaBridge.client.readResource({ uri: 'comply://library' });
    expect(library).toEqual(await direct.readResource({ uri: 'comply://library' }));
    const refused = await viaBridge.client
      .getPrompt({ name: 'riskAssessment', arguments: { organization_id: 'org_nope' } })
      .then(
        () => undefined,
        (error: Error) => error,
      );
    expect(refused?.message).toMatch(/organization_id/);
  });

  it('passes an isError result through unchanged', async () => {
    const call = {
      name: 'listRisks',
      arguments: { organization_id: server.owner.organizationId, page_size: 1000 },
    };
    const [bridged, original] = await Promise.all([viaBridge.client.callTool(call), direct.callTool(call)]);
    expect(bridged.isError).toBe(true);
    expect(bridged.content).toEqual(original.content);
    expect(JSON.stringify(bridged.content)).toMatch(/page_size/);
  });

  it('passes a JSON-RPC error (unknown tool) through with the same code and message', async () => {
    const call = { name: 'dropEverything', arguments: {} };
    const [bridged, original] = await Promise.all([
      viaBridge.client.callTool(call).catch((e: unknown) => e),
      direct.callTool(call).catch((e: unknown) => e),
    ]);
    expect(bridged).toMatchObject({ code: (original as { code: number }).code });
    expect((bridged as Error).message).toBe((original as Error).message);
    expect((bridged as Error).message).toMatch(/Unknown tool/);
  });

  it('accepts SERVICE_API_TOKEN as the token', async () => {
    const other = await bridge({
      COMPLY_URL: `${server.url}/api/mcp/v1`,
      SERVICE_API_TOKEN: server.owner.token,
    });
    try {
      expect((await other.client.listTools()).tools).toHaveLength(toolNames.length);
    } finally {
      await other.client.close();
    }
  });

  it('turns a refused token into an isError result that says so', async () => {
    const refused = await bridge({
      COMPLY_URL: server.url,
      COMPLY_API_TOKEN: 'comply_pat_revokedorneverissued000000',
    });
    try {
      const result = await refused.client.callTool({ name: 'listOrganizations', arguments: {} });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/refused the API token \(401 Unauthorized\)/);
      await expect(refused.client.listTools()).rejects.toThrow(/refused the API token/);
    } finally {
      await refused.client.close();
    }
  });

  it('writes nothing but JSON-RPC to stdout', () => {
    expect(viaBridge.errors).toEqual([]);
  });
});

describe('comply mcp without a reachable instance', () => {
  it('starts, then answers a call with an isError result that says what to check', async () => {
    const port = await freePort();
    const offline = await bridge({
      COMPLY_URL: `http://127.0.0.1:${port}`,
      COMPLY_API_TOKEN: 'comply_pat_x',
    });
    try {
      const result = await offline.client.callTool({ name: 'listOrganizations', arguments: {} });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(
        /Cannot reach the Comply instance.*ECONNREFUSED.*Check the address, connectivity and scheme/,
      );
    } finally {
      await offline.client.close();
    }
  });
});

describe('comply mcp refuses to start', () => {
  const url = 'http://127.0.0.1:8787';
  const cases: [string, Record<string, string>, RegExp][] = [
    ['without COMPLY_URL', { COMPLY_API_TOKEN: 'comply_pat_x' }, /COMPLY_URL is not set/],
    [
      'with a COMPLY_URL that is not http(s)',
      { COMPLY_URL: 'comply.example.com', COMPLY_API_TOKEN: 'comply_pat_x' },
      /http:\/\/ or https:\/\//,
    ],
    ['without a token', { COMPLY_URL: url }, /COMPLY_API_TOKEN is not set \(nor SERVICE_API_TOKEN\)/],
    [
      'with a trailing newline in the token',
      { COMPLY_URL: url, COMPLY_API_TOKEN: 'comply_pat_x\n' },
      /COMPLY_API_TOKEN contains a line break/,
    ],
    [
      'with a leading space in the token',
      { COMPLY_URL: url, COMPLY_API_TOKEN: ' comply_pat_x' },
      /leading or trailing whitespace/,
    ],
    [
      'with a trailing space in SERVICE_API_TOKEN',
      { COMPLY_URL: url, SERVICE_API_TOKEN: 'comply_pat_x ' },
      /SERVICE_API_TOKEN contains leading or trailing whitespace/,
    ],
    [
      'with whitespace inside the token',
      { COMPLY_URL: url, COMPLY_API_TOKEN: 'comply_pat x' },
      /whitespace inside the token/,
    ],
  ];

  it.each(cases)(
    '%s: exit code 2, a clear message on stderr, nothing on stdout',
    async (_name, env, message) => {
      const result = await runOnce(env);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/comply_pat_x/);
      expect(result.stdout).toBe('');
    },
  );
});
