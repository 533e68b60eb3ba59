import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, openNav, requireChromium, screenshot, useBrowserSession } from './browser.js';

requireChromium('console-tasks-browser');

/** `YYYY-MM-DD` `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!HAVE_CHROMIUM)('console: my tasks and completing one (Debian chromium)', () => {
  let org: string;

  const session = useBrowserSession({
    seed: async (server) => {
      org = server.owner.organizationId;
      // A vendor owned by the signed-in member, due for review in 3 days: its task is theirs.
      await server.call('addVendor', {
        organization_id: org,
        name: 'Cloudy',
        owner: server.owner.email,
        last_reviewed_at: day(-362),
        review_interval_days: 365,
      });
      await server.call('addTask', {
        organization_id: org,
        title: 'Send the training reminder',
        due_date: day(-2),
        assignee_id: server.owner.userId,
      });
      await server.call('addTask', { organization_id: org, title: 'Someone else’s task', due_date: day(1) });
    },
  });

  it('lists the member’s open tasks, overdue first, and completes one from its page', async () => {
    await openNav(session.page, 'My tasks');
    const table = session.page.locator('table');
    await table.getByRole('link', { name: 'Send the training reminder' }).waitFor();
    const titles = await table.locator('tbody tr td:first-child').allTextContents();
    expect(titles).toEqual(['Send the training reminder', 'Review vendor: Cloudy']);
    await screenshot(session.page, 'tasks-mine');
    await table.getByRole('link', { name: 'Review vendor: Cloudy' }).click();
    await session.page.getByRole('heading', { name: 'Complete' }).waitFor();
    await session.page.getByLabel('What was done (optional)').fill('Read the SOC 2 report.');
    await session.page.getByRole('button', { name: 'Complete task' }).click();
    await session.page.getByText('Read the SOC 2 report.').waitFor();
    await session.page.getByRole('heading', { name: 'Complete' }).waitFor({ state: 'hidden' });
    const { body } = await session.server.call('listTasks', {
      organization_id: org,
      kind: ['VENDOR_REVIEW'],
    });
    expect(body.tasks[0]).toMatchObject({
      status: 'DONE',
      completed_by: session.server.owner.userId,
      completion_note: 'Read the SOC 2 report.',
    });
    await openNav(session.page, 'My tasks');
    await table.getByRole('link', { name: 'Send the training reminder' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
  });
});
