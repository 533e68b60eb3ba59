import { toolNames, tools } from '@comply/schemas';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, HAVE_CHROMIUM, launchBrowser, requireChromium, screenshot } from './browser.js';
import { HARNESS_PASSWORD } from './console-client.js';
import { startTestServer, type TestServer } from './harness.js';
import { MemoryOAuthProvider, REDIRECT_URI } from './oauth-client.js';

requireChromium('oauth-browser');

describe.skipIf(!HAVE_CHROMIUM)('OAuth consent in a browser (Debian chromium)', () => {
  let server: TestServer;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    await buildWeb();
    server = await startTestServer({ driver: 'pglite', config: { oauth: true } });
    const browser = await launchBrowser();
    page = browser.page;
    closeBrowser = browser.close;
  });
  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
  });

  it('signs in, consents read-only, and the SDK client connects; the console disconnects the app', async () => {
    const mcpUrl = new URL(`${server.url}/api/mcp/v1`);
    const provider = new MemoryOAuthProvider();
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'b', version: '1' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );

    // The app's callback is not reachable from here: the browser hands its URL to the test.
    let callback: URL | undefined;
    await page.route(`${REDIRECT_URI}**`, async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back in the app' });
    });

    await page.goto(provider.authorizationUrl!.href);
    await page.getByRole('heading', { name: 'Sign in to Comply first' }).waitFor();
    await page.getByRole('link', { name: 'sign in to the Comply console' }).click();
    await page.getByLabel('Email').fill(server.owner.email);
    await page.getByLabel('Password').fill(HARNESS_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Connect SDK test client to Comply?' }).waitFor();
    expect(await page.textContent('main')).toContain('client.example.test');
    await screenshot(page, 'oauth-consent');
    await page.getByLabel('Read only').check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('back in the app').waitFor();

    expect(callback?.searchParams.get('iss')).toBe(server.url);
    await transport.finishAuth(callback!.searchParams.get('code')!);
    const client = new Client({ name: 'b', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual(
      toolNames.filter((n) => tools[n].access === 'read').sort(),
    );
    await client.close();

    await page.goto(`${server.url}/settings/tokens`);
    const row = page.locator('tr', { hasText: 'SDK test client' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Read-only');
    await screenshot(page, 'oauth-connected-apps');
    await row.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('No connected apps.').waitFor();
    const after = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(401);
  }, 120_000);
});
