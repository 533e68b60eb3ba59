import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';

requireChromium('console-notifications-browser');

describe.skipIf(!HAVE_CHROMIUM)('notifications settings page in a browser (Debian chromium)', () => {
  const session = useBrowserSession({ bypassCSP: true });

  it('sets the signed-in member’s reminder preferences', async () => {
    await session.page.goto(`${session.server.url}/`);
    await session.page.getByRole('link', { name: 'Notifications' }).click();
    await session.page.getByRole('heading', { name: /Notifications from/, level: 1 }).waitFor();
    const form = session.page.getByRole('form', { name: 'Reminder e-mails' });
    expect(await form.getByLabel('Days before the due date').inputValue()).toBe('3');
    await form.getByLabel('Days before the due date').fill('10');
    await form.getByLabel('Tell me when a task becomes overdue').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await session.page.getByRole('status').getByText('Saved.').waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
    await screenshot(session.page, 'notifications-saved');
    expect(
      await session.server.storage.reminders.preferences.get({
        organizationId: session.server.owner.organizationId,
        userId: session.server.owner.userId,
      }),
    ).toMatchObject({ due_soon_days: 10, overdue: false, digest: true });

    // Turning due-soon reminders off stores 0 days; a reload shows what was stored.
    await form.getByLabel('Remind me before a task is due').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (
            await session.server.storage.reminders.preferences.get({
              organizationId: session.server.owner.organizationId,
              userId: session.server.owner.userId,
            })
          ).due_soon_days,
      )
      .toBe(0);
    await session.page.reload();
    const reloaded = session.page.getByRole('form', { name: 'Reminder e-mails' });
    expect(await reloaded.getByLabel('Remind me before a task is due').isChecked()).toBe(false);
    expect(await reloaded.getByLabel('Tell me when a task becomes overdue').isChecked()).toBe(false);
    expect(
      await reloaded.getByLabel('Send me a weekly digest of my open and overdue tasks').isChecked(),
    ).toBe(true);
  });
});
