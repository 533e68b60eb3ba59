import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolNames } from '@comply/schemas';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, describeSkippedWithoutChromium, HAVE_CHROMIUM, requireChromium } from './browser.js';
import { startTestServer, type TestServer } from './harness.js';

requireChromium('openapi-docs-browser');
describeSkippedWithoutChromium('the API reference in a browser (Debian chromium)');

describe.skipIf(!HAVE_CHROMIUM)('the API reference in a browser (Debian chromium)', () => {
  let server: TestServer;
  let context: BrowserContext;
  let profile: string;

  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
    profile = await mkdtemp(join(tmpdir(), 'comply-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('renders every operation under its policy, loading nothing from elsewhere', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto(`${server.url}/api/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    const operationIds = await page.locator('.opblock-summary-path').allTextContents();
    expect(operationIds.filter((p) => p.includes('/api/mcp/tools/')).length).toBe(toolNames.length);
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  }, 60_000);
});
