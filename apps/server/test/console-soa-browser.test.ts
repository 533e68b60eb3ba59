import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';

requireChromium('console-soa-browser');

const EXCLUDED = ['A.7.1', 'A.7.3', 'A.7.6'];

describe.skipIf(!HAVE_CHROMIUM)('Statement of Applicability page in a browser (Debian chromium)', () => {
  let frameworkId: string;
  const shot = (name: string) => screenshot(session.page, `soa-${name}`);
  const summary = () =>
    session.page.getByText(/applicable · \d+ excluded · \d+ undecided of 93 controls/).textContent();
  const org = () => session.server.owner.organizationId;

  const session = useBrowserSession({
    bypassCSP: true,
    seed: async (server) => {
      const adopted = await server.call('addFramework', {
        organization_id: server.owner.organizationId,
        library_key: 'iso-27001-2022',
      });
      frameworkId = adopted.body.id;
    },
  });

  it('opens from the framework page with every control undecided', async () => {
    await session.page.goto(`${session.server.url}/frameworks/${frameworkId}`);
    await session.page.getByRole('link', { name: 'Statement of Applicability' }).click();
    await session.page.getByRole('heading', { name: 'Statement of Applicability', level: 1 }).waitFor();
    await expect.poll(summary).toContain('0 applicable · 0 excluded · 93 undecided');
    await session.page.getByText('not approved yet').waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
  });

  it('refuses an exclusion without a justification, naming the control, and saves nothing', async () => {
    await session.page.getByRole('button', { name: 'Mark undecided as applicable' }).click();
    await session.page.getByLabel('Applicable A.7.1', { exact: true }).uncheck();
    await session.page.getByRole('button', { name: 'Save 93 changes' }).click();
    const alert = session.page.getByRole('alert');
    await alert.getByText(/A\.7\.1 is excluded/).waitFor();
    const soa = await session.server.call('getStatementOfApplicability', {
      organization_id: org(),
      framework_id: frameworkId,
      page_size: 1,
    });
    expect(soa.body.applicability_counts.UNDECIDED).toBe(93);
  });

  it('saves 90 applicable and 3 excluded with reasons, then approves version 1', async () => {
    for (const code of EXCLUDED) {
      await session.page.getByLabel(`Applicable ${code}`, { exact: true }).uncheck();
      await session.page.getByLabel(`Justification ${code}`, { exact: true }).fill(`No offices (${code}).`);
    }
    await session.page.getByLabel('Owner A.5.1', { exact: true }).fill('CISO');
    await session.page.getByRole('button', { name: 'Save 93 changes' }).click();
    await session.page.getByRole('status').getByText('Saved 93 decisions.').waitFor();
    await expect.poll(summary).toContain('90 applicable · 3 excluded · 0 undecided');
    await shot('decided');

    const approval = session.page.getByRole('form', { name: 'Approve the Statement of Applicability' });
    await approval.getByLabel('Approval note').fill('Management review 2026');
    await approval.getByRole('button', { name: 'Approve as version 1' }).click();
    await session.page.getByRole('status').getByText('Approved version 1.').waitFor();
    await session.page
      .getByRole('list', { name: 'Approved versions' })
      .getByText(/Management review 2026/)
      .waitFor();

    const readiness = await session.server.call('getAuditReadiness', {
      organization_id: org(),
      framework_id: frameworkId,
    });
    expect(readiness.body.state_counts).toEqual({ READY: 0, GAP: 90, EXCLUDED: 3 });
  });

  it('keeps version 1 as approved after a later edit', async () => {
    await session.page.getByLabel('Applicable A.7.1', { exact: true }).check();
    await session.page.getByLabel('Justification A.7.1', { exact: true }).fill('An office opened.');
    await session.page.getByRole('button', { name: 'Save 1 changes' }).click();
    await session.page.getByRole('status').getByText('Saved 1 decisions.').waitFor();
    await expect.poll(summary).toContain('91 applicable · 2 excluded');

    await session.page.getByRole('button', { name: 'Version 1' }).click();
    const table = session.page.getByRole('table', { name: 'Statement of Applicability version 1' });
    const row = table.getByRole('row', { name: /^A\.7\.1 / });
    await row.getByText('Excluded', { exact: true }).first().waitFor();
    await row.getByText('No offices (A.7.1).').waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(93);
    expect(await seriousViolations(session.page)).toEqual([]);
    await shot('version-1');

    const log = await session.server.storage.db
      .selectFrom('audit_log')
      .select(['action', 'source'])
      .where('organization_id', '=', org())
      .where('action', 'in', ['updateControlApplicability', 'approveStatementOfApplicability'])
      .orderBy('at')
      .execute();
    expect(log).toEqual([
      { action: 'updateControlApplicability', source: 'console' },
      { action: 'approveStatementOfApplicability', source: 'console' },
      { action: 'updateControlApplicability', source: 'console' },
    ]);
  });
});
