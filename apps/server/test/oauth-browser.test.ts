import { toolNames, tools } from '@comply/schemas';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';
import { HARNESS_PASSWORD } from './console-client.js';
import { MemoryOAuthProvider, REDIRECT_URI } from './oauth-client.js';

requireChromium('oauth-browser');

describe.skipIf(!HAVE_CHROMIUM)('OAuth consent in a browser (Debian chromium)', () => {
  const session = useBrowserSession({ server: { config: { oauth: true } }, signIn: false });
  it('signs in, consents read-only, and the SDK client connects; the console disconnects the app', async () => {
    const mcpUrl = new URL(`${session.server.url}/api/mcp/v1`);
    const provider = new MemoryOAuthProvider();
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'b', version: '1' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );

    // The app's callback is not reachable from here: the browser hands its URL to the test.
    let callback: URL | undefined;
    await session.page.route(`${REDIRECT_URI}**`, async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back in the app' });
    });

    await session.page.goto(provider.authorizationUrl!.href);
    await session.page.getByRole('heading', { name: 'Sign in to Comply first' }).waitFor();
    await session.page.getByRole('link', { name: 'sign in to the Comply console' }).click();
    await session.page.getByLabel('Email').fill(session.server.owner.email);
    await session.page.getByLabel('Password').fill(HARNESS_PASSWORD);
    await session.page.getByRole('button', { name: 'Sign in' }).click();

    await session.page.getByRole('heading', { name: 'Connect SDK test client to Comply?' }).waitFor();
    expect(await session.page.textContent('main')).toContain('client.example.test');
    await screenshot(session.page, 'oauth-consent');
    await session.page.getByLabel('Read only').check();
    await session.page.getByRole('button', { name: 'Allow' }).click();
    await session.page.getByText('back in the app').waitFor();

    expect(callback?.searchParams.get('iss')).toBe(session.server.url);
    await transport.finishAuth(callback!.searchParams.get('code')!);
    const client = new Client({ name: 'b', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name).sort()).toEqual(
      toolNames.filter((n) => tools[n].access === 'read').sort(),
    );
    await client.close();

    await session.page.goto(`${session.server.url}/settings/tokens`);
    const row = session.page.locator('tr', { hasText: 'SDK test client' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Read-only');
    await screenshot(session.page, 'oauth-connected-apps');
    await row.getByRole('button', { name: 'Disconnect' }).click();
    await session.page.getByText('No connected apps.').waitFor();
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
