import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { buildWeb, HAVE_CHROMIUM, launchBrowser, requireChromium, screenshot, signInAs } from './browser.js';
import { startTestServer, type TestServer } from './harness.js';

requireChromium('console-notifications-browser');

describe.skipIf(!HAVE_CHROMIUM)('notifications settings page in a browser (Debian chromium)', () => {
  let server: TestServer;
  let page: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    await buildWeb();
    server = await startTestServer({ driver: 'pglite' });
    ({ page, close } = await launchBrowser({ bypassCSP: true }));
    await signInAs({ page, url: server.url, email: server.owner.email });
  }, 180_000);

  afterAll(async () => {
    await close?.();
    await server?.stop();
  });

  it('sets the signed-in member’s reminder preferences', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('heading', { name: /Notifications from/, level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Reminder e-mails' });
    expect(await form.getByLabel('Days before the due date').inputValue()).toBe('3');
    await form.getByLabel('Days before the due date').fill('10');
    await form.getByLabel('Tell me when a task becomes overdue').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-saved');
    expect(
      await server.storage.reminders.preferences.get({
        organizationId: server.owner.organizationId,
        userId: server.owner.userId,
      }),
    ).toMatchObject({ due_soon_days: 10, overdue: false, digest: true });

    // Turning due-soon reminders off stores 0 days; a reload shows what was stored.
    await form.getByLabel('Remind me before a task is due').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (
            await server.storage.reminders.preferences.get({
              organizationId: server.owner.organizationId,
              userId: server.owner.userId,
            })
          ).due_soon_days,
      )
      .toBe(0);
    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Reminder e-mails' });
    expect(await reloaded.getByLabel('Remind me before a task is due').isChecked()).toBe(false);
    expect(await reloaded.getByLabel('Tell me when a task becomes overdue').isChecked()).toBe(false);
    expect(
      await reloaded.getByLabel('Send me a weekly digest of my open and overdue tasks').isChecked(),
    ).toBe(true);
  });
});
