import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { toolNames, tools } from '@comply/schemas';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { approval, CookieBrowser, consentForm } from './oauth-client.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

const proxy = join(
  dirname(createRequire(import.meta.url).resolve('mcp-remote/package.json')),
  'dist/proxy.js',
);

/** Resolves with the first match of `pattern` in the text `read()` returns, polling. */
async function waitFor(read: () => string, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(read());
    if (match) return match;
    if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}: ${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('mcp-remote started with no headers signs in through OAuth', () => {
  let server: TestServer;
  let configDir: string;
  let client: Client | undefined;
  let stderr = '';

  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite', config: { oauth: true } });
    configDir = mkdtempSync(join(tmpdir(), 'comply-mcp-remote-oauth-'));
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  it('registers, gets consent, exchanges the code and lists the read tools', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [proxy, `${server.url}/api/mcp/v1`, '--transport', 'http-only'],
      // No display and no browser: mcp-remote prints the URL, which this test opens as the user would.
      env: { MCP_REMOTE_CONFIG_DIR: configDir, PATH: '/nonexistent', HOME: configDir },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    client = new Client({ name: 'mcp-remote-oauth', version: '1.0.0' });
    const connected = client.connect(transport, { timeout: 110_000 });

    const [authorizationUrl] = await waitFor(
      () => stderr,
      /http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+/,
    );
    const browser = new CookieBrowser(server.url);
    browser.setCookie(
      'comply_session',
      (await server.storage.sessions.create({ userId: server.owner.userId })).secret,
    );
    const consent = await browser.follow(authorizationUrl);
    const form = consentForm(await consent.response.text());
    const done = await browser.follow(
      form.action!,
      approval({ origin: server.url, access: 'read', organizationId: server.owner.organizationId }),
    );
    // The browser lands on mcp-remote's own callback server, which takes the code.
    expect(new URL(done.url).hostname).toMatch(/^(localhost|127\.0\.0\.1)$/);
    expect((await fetch(done.url)).status).toBeLessThan(400);

    await connected;
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort(), stderr).toEqual(
      toolNames.filter((n) => tools[n].access === 'read').sort(),
    );
  });
});
