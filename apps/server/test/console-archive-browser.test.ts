import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useDemoBrowserSession } from './browser.js';

requireChromium('console-archive-browser');

/** The texts of the register table's first column. */
const firstColumn = (page: Page) => page.locator('table tbody tr td:first-child').allTextContents();

/** The dashboard's "Risks" figure. */
async function risksFigure(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.getByRole('heading', { name: 'Needs attention' }).waitFor();
  const figure = page.locator('a.figure', { has: page.getByText('Risks', { exact: true }) });
  return Number(await figure.locator('.figure-value').textContent());
}

describe.skipIf(!HAVE_CHROMIUM)('console: archive and restore a record (Debian chromium)', () => {
  const session = useDemoBrowserSession();

  it('archives a risk after confirmation: it leaves the list and the dashboard count, then restores', async () => {
    const risk = (await session.server.storage.risks.list({ organizationId: session.demoId, pageSize: 1 }))
      .items[0]!;
    const before = await risksFigure(session.page, session.server.url);
    expect(before).toBeGreaterThan(0);
    const search = `?query=${encodeURIComponent(risk.name)}`;

    // The record page: Archive asks first; Cancel leaves it alone.
    await session.page.goto(`${session.server.url}/registers/risks/${risk.id}`);
    await session.page.getByRole('heading', { level: 1, name: new RegExp(risk.name) }).waitFor();
    await session.page.getByRole('button', { name: 'Archive…' }).click();
    await session.page.getByRole('button', { name: 'Cancel' }).click();
    expect(await session.page.getByRole('button', { name: 'Archive risk' }).count()).toBe(0);
    await session.page.getByRole('button', { name: 'Archive…' }).click();
    await session.page.getByRole('button', { name: 'Archive risk' }).click();
    await session.page.getByText(/^Archived [A-Z][a-z]{2} \d/).waitFor();
    await session.page.getByRole('button', { name: 'Restore risk' }).waitFor();
    // The history, read again, names the change in words.
    await session.page.getByRole('cell', { name: 'Archived', exact: true }).waitFor();
    // An archived record is restored before it is edited.
    expect(await session.page.getByRole('link', { name: 'Edit risk' }).count()).toBe(0);
    await screenshot(session.page, 'archive-record-archived');

    // Gone from the active list and from the dashboard's count; listed under Archived.
    await session.page.goto(`${session.server.url}/registers/risks${search}`);
    await session.page.getByText('0 matching').waitFor();
    expect(await firstColumn(session.page)).toEqual(['No records match.']);
    await session.page
      .getByRole('navigation', { name: 'Active or archived' })
      .getByRole('link', { name: 'Archived' })
      .click();
    await expect.poll(() => new URL(session.page.url()).searchParams.get('archived')).toBe('true');
    await expect.poll(() => firstColumn(session.page)).toEqual([risk.name]);
    // The archived view is a URL: a reload shows the same view.
    await session.page.reload();
    await expect.poll(() => firstColumn(session.page)).toEqual([risk.name]);
    expect(await seriousViolations(session.page)).toEqual([]);
    await screenshot(session.page, 'archive-register-archived-view');
    expect(await risksFigure(session.page, session.server.url)).toBe(before - 1);

    // Restore from the record page, reached from the archived view.
    await session.page.goto(`${session.server.url}/registers/risks${search}&archived=true`);
    await session.page.getByRole('link', { name: risk.name }).click();
    await session.page.getByRole('button', { name: 'Restore risk' }).click();
    await session.page.getByRole('button', { name: 'Archive…' }).waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
    await session.page.goto(`${session.server.url}/registers/risks${search}`);
    await expect.poll(() => firstColumn(session.page)).toEqual([risk.name]);
    expect(await risksFigure(session.page, session.server.url)).toBe(before);

    // Both changes are in the record's audit log, made through the console.
    const log = await session.server.storage.auditLog.list({
      organizationId: session.demoId,
      filters: { record_id: risk.id },
    });
    expect(log.items.slice(0, 2).map((entry) => entry.action)).toEqual(['restoreRecord', 'archiveRecord']);
  });
});
