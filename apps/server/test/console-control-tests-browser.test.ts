import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';
import { memberClient } from './member-client.js';

requireChromium('console-control-tests-browser');

describe.skipIf(!HAVE_CHROMIUM)(
  'console: a control test’s runs (Debian chromium)',
  { timeout: 120_000 },
  () => {
    let org: string;
    let testId: string;
    let frameworkId: string;
    let evidenceId: string;

    const session = useBrowserSession({
      bypassCSP: true,
      seed: async (server) => {
        org = server.owner.organizationId;
        const owner = memberClient({ server, member: server.owner });
        frameworkId = (
          await owner.ok('addFramework', {
            name: 'SOC 2',
            controls: [{ code: 'CC6.2', title: 'User access is removed' }],
          })
        ).id;
        const measure = await owner.ok('addMeasure', {
          name: 'Quarterly access reviews',
          controls: [{ framework_id: frameworkId, control_code: 'CC6.2' }],
        });
        const test = await owner.ok('addControlTest', {
          measure_id: measure.id,
          title: 'Leavers disabled in a day',
          frequency: 'QUARTERLY',
          sample_size: 25,
        });
        testId = test.id;
        const evidence = await owner.ok('addEvidence', {
          kind: 'TEXT',
          title: 'Q1 leavers sample',
          description: 'The 25 leavers sampled and when each account was disabled.',
        });
        evidenceId = evidence.id;
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
      await form.getByLabel('Raise from the exceptions').selectOption('MINOR');
      await form.getByLabel('Evidence of the run').selectOption({ label: 'Q1 leavers sample' });
      await form.getByRole('button', { name: 'Record run' }).click();
      const row = runs.getByRole('row', { name: /2026-01-01 – 2026-03-31/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('One contractor disabled after three days.');
      expect(await row.getByRole('link', { name: evidenceId }).getAttribute('href')).toBe(
        `/registers/evidence/${evidenceId}`,
      );
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
        evidence_ids: [evidenceId],
      });
      const raised = await session.server.call('getNonconformity', {
        organization_id: org,
        id: stored.body.test_runs[0].nonconformity_id,
      });
      expect(raised.body).toMatchObject({ severity: 'MINOR', measure_id: expect.stringMatching(/^msr_/) });
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

    it('shows a period’s operating effectiveness on the framework’s page: the missing quarter', async () => {
      await session.page.goto(`${session.server.url}/frameworks/${frameworkId}`);
      // The register's navigation entry reads as words, not as its identifier.
      await session.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Control tests' })
        .waitFor();
      const panel = session.page.getByRole('region', { name: 'Operating effectiveness' });
      const form = panel.getByRole('form', { name: 'Operating effectiveness period' });
      await form.getByLabel('Period from').fill('2026-01-01');
      await form.getByLabel('to').fill('2026-06-30');
      await form.getByRole('button', { name: 'Show' }).click();
      const row = panel.getByRole('row', { name: /CC6\.2/ });
      await row.waitFor();
      // Q1 passed with exceptions, Q2 has no run: the control is a gap.
      expect(await row.getByRole('cell').first().textContent()).toBe('Gap');
      expect(await row.getByRole('listitem').allTextContents()).toEqual([
        '2026-01-01 – 2026-03-31: Passed with exceptions',
        '2026-04-01 – 2026-06-30: Missing',
      ]);
      await panel
        .getByText('2026-01-01 – 2026-06-30: 1 control with tests, 0 without.', { exact: true })
        .waitFor();
      expect(await seriousViolations(session.page)).toEqual([]);
      await screenshot(session.page, 'operating-effectiveness');
    });
  },
);
