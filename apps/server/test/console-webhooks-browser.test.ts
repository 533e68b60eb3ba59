import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { buildWeb, HAVE_CHROMIUM, launchBrowser, requireChromium, screenshot, signInAs } from './browser.js';
import { startTestServer, type TestServer } from './harness.js';
import { startReceiver, TEST_JOBS, waitFor } from './webhook-receiver.js';

requireChromium('console-webhooks-browser');

describe.skipIf(!HAVE_CHROMIUM)('webhooks settings page in a browser (Debian chromium)', () => {
  let server: TestServer;
  let page: Page;
  let close: () => Promise<void>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    await buildWeb();
    receiver = await startReceiver();
    server = await startTestServer({ driver: 'pglite', config: { jobs: TEST_JOBS } });
    ({ page, close } = await launchBrowser({ bypassCSP: true }));
    await signInAs({ page, url: server.url, email: server.owner.email });
  }, 180_000);

  afterAll(async () => {
    await close?.();
    await server?.stop();
    await receiver?.stop();
  });

  it('adds an endpoint, shows its secret once, lists a delivery and replays it', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: /Webhooks of/, level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('Endpoint URL (https)').fill(receiver.url('/browser'));
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByTestId('webhook-secret').textContent();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('table', { name: 'Endpoints' }).getByText(receiver.url('/browser')).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await server.call('addVendor', { organization_id: server.owner.organizationId, name: 'Browser Vendor' });
    await waitFor(() => receiver.on('/browser').length >= 1);
    expect(receiver.verify(receiver.on('/browser')[0]!, secret!).type).toBe('record.created');
    const deliveries = page.getByRole('table', { name: /Recent deliveries/ });
    await expect
      .poll(async () => {
        await deliveries.getByRole('button', { name: 'Refresh' }).click();
        return deliveries.getByRole('cell', { name: 'DELIVERED' }).count();
      })
      .toBe(1);
    await deliveries.getByRole('button', { name: 'Attempts' }).click();
    await page
      .getByRole('table', { name: /Attempts of/ })
      .getByRole('cell', { name: '200' })
      .waitFor();
    await screenshot(page, 'webhooks-delivered');

    await deliveries.getByRole('button', { name: 'Replay' }).click();
    await waitFor(() => receiver.on('/browser').length >= 2);
    const [first, second] = receiver.on('/browser');
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(receiver.verify(second!, secret!).type).toBe('record.created');
  });
});
