import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';
import { startReceiver, TEST_JOBS, waitFor } from './webhook-receiver.js';

requireChromium('console-webhooks-browser');

describe.skipIf(!HAVE_CHROMIUM)('webhooks settings page in a browser (Debian chromium)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.stop());
  const session = useBrowserSession({ server: { config: { jobs: TEST_JOBS } }, bypassCSP: true });

  it('adds an endpoint, shows its secret once, lists a delivery and replays it', async () => {
    await session.page.goto(`${session.server.url}/`);
    await session.page.getByRole('link', { name: 'Webhooks' }).click();
    await session.page.getByRole('heading', { name: /Webhooks of/, level: 1 }).waitFor();
    const form = session.page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('Endpoint URL (https)').fill(receiver.url('/browser'));
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await session.page.getByTestId('webhook-secret').textContent();
    expect(secret).toMatch(/^whsec_/);
    await session.page
      .getByRole('table', { name: 'Endpoints' })
      .getByText(receiver.url('/browser'))
      .waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);

    await session.server.call('addVendor', {
      organization_id: session.server.owner.organizationId,
      name: 'Browser Vendor',
    });
    await waitFor(() => receiver.on('/browser').length >= 1);
    expect(receiver.verify(receiver.on('/browser')[0]!, secret!).type).toBe('record.created');
    const deliveries = session.page.getByRole('table', { name: /Recent deliveries/ });
    await expect
      .poll(async () => {
        await deliveries.getByRole('button', { name: 'Refresh' }).click();
        return deliveries.getByRole('cell', { name: 'DELIVERED' }).count();
      })
      .toBe(1);
    await deliveries.getByRole('button', { name: 'Attempts' }).click();
    await session.page
      .getByRole('table', { name: /Attempts of/ })
      .getByRole('cell', { name: '200' })
      .waitFor();
    await screenshot(session.page, 'webhooks-delivered');

    await deliveries.getByRole('button', { name: 'Replay' }).click();
    await waitFor(() => receiver.on('/browser').length >= 2);
    const [first, second] = receiver.on('/browser');
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(receiver.verify(second!, secret!).type).toBe('record.created');
  });
});
