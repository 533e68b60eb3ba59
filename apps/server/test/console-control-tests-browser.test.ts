import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';

requireChromium('console-control-tests-browser');

describe.skipIf(!HAVE_CHROMIUM)(
  'console: a control test’s runs (Debian chromium)',
  { timeout: 120_000 },
  () => {
    let org: string;
    let testId: string;

    const session = useBrowserSession({
      bypassCSP: true,
      seed: async (server) => {
        org = server.owner.organizationId;
        const measure = await server.call('addMeasure', {
          organization_id: org,
          name: 'Quarterly access reviews',
        });
        const test = await server.call('addControlTest', {
          organization_id: org,
          measure_id: measure.body.id,
          title: 'Leavers disabled in a day',
          frequency: 'QUARTERLY',
          sample_size: 25,
        });
        testId = test.body.id;
      },
    });

    it('lists control tests as a register and records a run on the test’s page', async () => {
      await session.page.goto(`${session.server.url}/registers/control_tests`);
      await session.page.getByRole('link', { name: 'Leavers disabled in a day' }).click();
      await session.page.getByRole('heading', { level: 1, name: /Leavers disabled in a day/ }).waitFor();
      const runs = session.page.getByRole('region', { name: 'Runs' });
      await runs.getByText('No run recorded yet.').waitFor();
      const form = session.page.getByRole('form', { name: 'Record a run' });
      await form.getByLabel('Period start').fill('2026-01-01');
      await form.getByLabel('Period end').fill('2026-03-31');
      await form.getByLabel('Samples tested').fill('25');
      await form.getByLabel('Result').selectOption('PASSED_WITH_EXCEPTIONS');
      await form.getByLabel('Exceptions (one per line)').fill('One contractor disabled after three days.');
      await form.getByLabel(/Raise a minor nonconformity/).check();
      await form.getByRole('button', { name: 'Record run' }).click();
      const row = runs.getByRole('row', { name: /2026-01-01 – 2026-03-31/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('One contractor disabled after three days.');
      expect(await seriousViolations(session.page)).toEqual([]);
      await screenshot(session.page, 'control-test-runs');
      // What the browser recorded is the stored run, with its nonconformity.
      const stored = await session.server.call('listTestRuns', {
        organization_id: org,
        control_test_id: testId,
      });
      expect(stored.body.test_runs).toHaveLength(1);
      expect(stored.body.test_runs[0]).toMatchObject({
        period_start: '2026-01-01',
        period_end: '2026-03-31',
        samples_tested: 25,
        result: 'PASSED_WITH_EXCEPTIONS',
        performed_by: session.server.owner.userId,
      });
      expect(stored.body.test_runs[0].nonconformity_id).toMatch(/^nc_/);
    });

    it('shows why a run is refused: a period ending before it starts', async () => {
      const form = session.page.getByRole('form', { name: 'Record a run' });
      await form.getByLabel('Period start').fill('2026-05-01');
      await form.getByLabel('Period end').fill('2026-04-01');
      await form.getByLabel('Samples tested').fill('5');
      await form.getByRole('button', { name: 'Record run' }).click();
      await form.getByText(/period_end/).waitFor();
      const stored = await session.server.call('listTestRuns', {
        organization_id: org,
        control_test_id: testId,
      });
      expect(stored.body.test_runs).toHaveLength(1);
    });
  },
);
