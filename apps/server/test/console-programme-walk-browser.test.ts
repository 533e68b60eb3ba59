import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, signInAs, useBrowserSession } from './browser.js';
import { readXlsx } from './export-files.js';
import type { TestServer } from './harness.js';

requireChromium('console-programme-walk-browser');

type Member = Awaited<ReturnType<TestServer['addMember']>>;

const EXCLUDED = ['A.7.1', 'A.7.3', 'A.7.6'];
const POLICY = '# Information security policy\n\nWe protect the information entrusted to us.';

// The ISO 27001 programme walked in the console, as programme-walk.test.ts walks it over MCP.
describe.skipIf(!HAVE_CHROMIUM)('an ISO 27001 programme walked in the console (Debian chromium)', () => {
  let viewer: Member;
  let frameworkId: string;
  let riskUrl: string;
  const org = () => session.server.owner.organizationId;
  const shot = (name: string) => screenshot(session.page, `walk-${name}`);
  const field = (label: string) => session.page.getByLabel(label, { exact: true });
  const submit = async (button: string, heading: string) => {
    await session.page.getByRole('button', { name: button }).click();
    await session.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  };
  const workflow = () => session.page.getByRole('region', { name: 'Workflow' });
  const click = async (button: string, status: string) => {
    await workflow().getByRole('button', { name: button }).click();
    await workflow().getByRole('status').getByText(status).waitFor();
  };

  const session = useBrowserSession({
    bypassCSP: true,
    seed: async (server) => {
      viewer = await server.addMember({ organizationId: org(), role: 'VIEWER', scope: 'READ' });
    },
  });

  it('adopts ISO/IEC 27001:2022 from the library', async () => {
    await session.page.goto(`${session.server.url}/frameworks/library`);
    await session.page.getByRole('heading', { name: 'Framework library' }).waitFor();
    const iso = session.page.getByRole('form', { name: 'Adopt ISO/IEC 27001:2022 Annex A' });
    await iso.getByRole('button', { name: /Adopt/ }).click();
    await session.page.waitForURL(/\/frameworks\/fw_/);
    frameworkId = new URL(session.page.url()).pathname.split('/')[2]!;
    const listed = await session.server.call('listFrameworks', { organization_id: org() });
    expect(listed.body.frameworks).toEqual([expect.objectContaining({ id: frameworkId, control_count: 93 })]);
  });

  it('records an asset and a risk from the register forms', async () => {
    await session.page.goto(`${session.server.url}/registers/assets/new`);
    await field('Name (required)').fill('Customer database');
    await field('Type (required)').selectOption('DATA');
    await submit('Add asset', 'Asset: Customer database');
    await session.page.goto(`${session.server.url}/registers/risks/new`);
    await field('Name (required)').fill('Ransomware encrypts the customer database');
    await field('Inherent likelihood (required)').fill('3');
    await field('Inherent impact (required)').fill('5');
    await submit('Add risk', 'Risk: Ransomware encrypts the customer database');
    riskUrl = session.page.url();
  });

  it('decides the SoA: 90 applicable, 3 excluded with reasons, approved as version 1', async () => {
    await session.page.goto(`${session.server.url}/frameworks/${frameworkId}/soa`);
    await session.page.getByRole('heading', { name: 'Statement of Applicability', level: 1 }).waitFor();
    await session.page.getByRole('button', { name: 'Mark undecided as applicable' }).click();
    for (const code of EXCLUDED) {
      await field(`Applicable ${code}`).uncheck();
      await field(`Justification ${code}`).fill(`No offices (${code}).`);
    }
    await session.page.getByRole('button', { name: 'Save 93 changes' }).click();
    await session.page.getByRole('status').getByText('Saved 93 decisions.').waitFor();
    const approval = session.page.getByRole('form', { name: 'Approve the Statement of Applicability' });
    await approval.getByLabel('Approval note').fill('Approved for certification.');
    await approval.getByRole('button', { name: 'Approve as version 1' }).click();
    await session.page.getByRole('status').getByText('Approved version 1.').waitFor();
    await shot('soa');
  });

  it('writes, approves and publishes a policy; the owner and a VIEWER acknowledge it', async () => {
    await session.page.goto(`${session.server.url}/registers/documents/new`);
    await field('Title (required)').fill('Information security policy');
    await field('Kind (required)').selectOption('POLICY');
    await field('Approvers').fill(session.server.owner.email);
    await field('Content').fill(POLICY);
    await submit('Add document', 'Document: Information security policy');
    const policyUrl = session.page.url();
    await click('Send for review', 'Sent for review.');
    await click('Approve version 1', 'Approved version 1.');
    await click('Publish version 1', 'Published.');
    await click('Acknowledge version 1', 'Acknowledged version 1.');
    await workflow()
      .getByText(/Acknowledged by 1 of 2 members \(50%\)/)
      .waitFor();

    // The VIEWER reads only, yet acknowledges for themself (a self-attestation).
    await signInAs({ page: session.page, url: session.server.url, email: viewer.email });
    await session.page.goto(policyUrl);
    await session.page
      .getByRole('heading', { name: 'Document: Information security policy', level: 1 })
      .waitFor();
    expect(await workflow().getByRole('button', { name: 'Publish version 1' }).count()).toBe(0);
    await click('Acknowledge version 1', 'Acknowledged version 1.');
    await workflow()
      .getByText(/Acknowledged by 2 of 2 members \(100%\)/)
      .waitFor();
    await workflow().getByText('You acknowledged it').waitFor();
    await shot('policy-viewer');
    // The VIEWER is not offered to accept a risk.
    await session.page.goto(riskUrl);
    await session.page
      .getByRole('region', { name: 'Acceptance' })
      .getByText('Not accepted.', { exact: false })
      .waitFor();
    expect(await session.page.getByRole('form', { name: 'Accept this risk' }).count()).toBe(0);
    await signInAs({ page: session.page, url: session.server.url, email: session.server.owner.email });
  });

  it('accepts the risk with an expiry on its page, and shows the acceptance history', async () => {
    await session.page.goto(riskUrl);
    const form = session.page.getByRole('form', { name: 'Accept this risk' });
    await form
      .getByLabel('Rationale (why the residual risk is acceptable)')
      .fill('Backups restore within a day.');
    await form.getByLabel('Conditions (optional)').fill('Restore tested quarterly.');
    await form.getByLabel('Expires on (the last day it holds)').fill('2099-06-30');
    await form.getByRole('button', { name: 'Accept this risk' }).click();
    const region = session.page.getByRole('region', { name: 'Acceptance' });
    await region.getByRole('status').getByText('Accepted until 2099-06-30.').waitFor();
    const history = region.getByRole('list', { name: 'Acceptance history' });
    await history.getByText(`Accepted by ${session.server.owner.email} (owner)`, { exact: false }).waitFor();
    await history.getByText('Rationale: Backups restore within a day.').waitFor();
    await history.getByText('Active').waitFor();
    await session.page.getByRole('list', { name: 'Status' }).getByText('Accepted').waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
    await shot('risk-accepted');
  });

  it('records a management review', async () => {
    await session.page.goto(`${session.server.url}/registers/management_reviews/new`);
    await field('Title (required)').fill('Management review 2026');
    await field('Review date (required)').fill('2026-06-01');
    await submit('Add management review', 'Management review: Management review 2026');
  });

  it('exports the SoA to XLSX from its page: 93 rows, 90 applicable and 3 excluded', async () => {
    await session.page.goto(`${session.server.url}/frameworks/${frameworkId}/soa`);
    const links = session.page.getByRole('group', { name: /export the soa/i });
    const [download] = await Promise.all([
      session.page.waitForEvent('download'),
      links.getByRole('link', { name: 'XLSX' }).click(),
    ]);
    const bytes = await readFile((await download.path())!);
    const sheet = await readXlsx(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    expect(sheet.rowCount).toBe(1 + 93);
    const header = sheet.getRow(1).values as unknown[];
    const column = header.indexOf('Applicability');
    const values = Array.from({ length: 93 }, (_, i) => sheet.getRow(i + 2).getCell(column).value);
    expect(values.filter((v) => v === 'Applicable')).toHaveLength(90);
    expect(values.filter((v) => v === 'Excluded')).toHaveLength(3);
  });

  it('has every write of the walk in the audit log, from the console, by the member who made it', async () => {
    const log = await session.server.storage.db
      .selectFrom('audit_log')
      .select(['action', 'source', 'actor_user_id'])
      .where('organization_id', '=', org())
      .where('source', '=', 'console')
      .orderBy('at')
      .execute();
    const actions = log.map((e) => e.action);
    for (const action of [
      'addFramework',
      'addAsset',
      'addRisk',
      'updateControlApplicability',
      'approveStatementOfApplicability',
      'addDocument',
      'approveDocumentVersion',
      'acknowledgeDocument',
      'acceptRisk',
      'addManagementReview',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(log.filter((e) => e.action === 'acknowledgeDocument').map((e) => e.actor_user_id)).toEqual([
      session.server.owner.userId,
      viewer.userId,
    ]);
  });
});
