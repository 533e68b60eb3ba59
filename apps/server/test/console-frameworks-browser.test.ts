import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { validateOscal } from '@comply/oscal';
import { seedDemo } from '@comply/storage';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  openNav,
  requireChromium,
  screenshot,
  signInAs,
  useBrowserSession,
} from './browser.js';

const CATALOG = fileURLToPath(
  new URL('../../../packages/oscal/test/fixtures/basic-catalog.json', import.meta.url),
);

requireChromium('console-frameworks-browser');

describe.skipIf(!HAVE_CHROMIUM)('framework pages in a browser (Debian chromium)', () => {
  let frameworkUrl: string;
  const shot = (name: string) => screenshot(session.page, `frameworks-${name}`);

  const session = useBrowserSession();

  it('adopts a library framework with a baseline and shows coverage and readiness', async () => {
    await openNav(session.page, 'Frameworks');
    await session.page.getByRole('heading', { name: 'Frameworks', level: 1 }).waitFor();
    await session.page.getByText('No frameworks yet.').waitFor();
    await session.page.getByRole('link', { name: 'Add from library' }).click();
    await session.page.getByRole('heading', { name: 'Framework library' }).waitFor();
    const nist = session.page.getByRole('form', { name: /Adopt NIST SP 800-53/ });
    await nist.getByLabel('Baseline').selectOption('MODERATE');
    await shot('library');
    await nist.getByRole('button', { name: /Adopt/ }).click();
    await session.page.waitForURL(/\/frameworks\/fw_/);
    frameworkUrl = session.page.url();
    await session.page.getByText('0% covered').waitFor();
    await session.page.getByRole('heading', { name: 'Audit readiness: 0%' }).waitFor();
    await session.page.getByRole('heading', { name: /^Controls without measures \(\d+\)$/ }).waitFor();
    const source = await session.page.getByText(/Source: Library/).textContent();
    expect(source).toContain('MODERATE baseline');
  });

  it("pages and filters the framework's controls", async () => {
    const rows = session.page.getByRole('table', { name: /^Controls of/ }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(25);
    const firstCode = await rows.first().locator('th').textContent();
    await session.page.getByRole('button', { name: 'Next controls' }).click();
    await session.page.getByText('Page 2').waitFor();
    await expect.poll(() => rows.first().locator('th').textContent()).not.toBe(firstCode);

    const form = session.page.getByRole('form', { name: 'Filter controls' });
    await form.getByLabel('Family').selectOption('Access Control');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await session.page.getByText('Page 1').waitFor();
    await expect
      .poll(async () => (await rows.locator('th').allTextContents()).every((code) => code.startsWith('AC-')))
      .toBe(true);

    const frameworkId = new URL(frameworkUrl).pathname.split('/')[2];
    const measure = await session.server.call('addMeasure', {
      organization_id: session.server.owner.organizationId,
      name: 'Account management',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: frameworkId, control_code: 'AC-2' }],
    });
    expect(measure.status).toBe(200);
    await session.page.reload();
    await session.page.getByText(/covered · 1 of \d+ controls/).waitFor();
    await form.getByLabel('Coverage').selectOption('true');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await session.page.getByText('1 matching').waitFor();
    expect(await rows.locator('th').allTextContents()).toEqual(['AC-2']);
    await expect.poll(() => rows.first().getByText('Covered (1 measure)').count()).toBe(1);
    await shot('controls');
  });

  it('downloads a catalog export that validates as OSCAL', async () => {
    const downloading = session.page.waitForEvent('download');
    await session.page.getByRole('link', { name: 'Catalog (OSCAL JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^comply-catalog-fw_.*\.json$/);
    const path = await download.path();
    const document = JSON.parse(await readFile(path, 'utf8'));
    expect(validateOscal(document)).toEqual({ ok: true, model: 'catalog' });
    expect(document.catalog.groups.length).toBeGreaterThan(10);
  });

  it('uploads an OSCAL catalog, and shows the JSON pointer of a refused one', async () => {
    await openNav(session.page, 'Frameworks');
    const upload = session.page.getByRole('form', { name: 'Import OSCAL' });
    await upload.getByLabel('OSCAL document').setInputFiles(CATALOG);
    await upload.getByRole('button', { name: 'Import' }).click();
    await upload
      .getByRole('status')
      .getByText(/Imported basic-catalog\.json: \d+ controls\./)
      .waitFor();
    await session.page.getByRole('cell', { name: 'Sample Security Catalog' }).waitFor();

    const bad = JSON.parse(await readFile(CATALOG, 'utf8'));
    bad.catalog.metadata.title = 42;
    await upload.getByLabel('OSCAL document').setInputFiles({
      name: 'bad-catalog.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(bad)),
    });
    await upload.getByRole('button', { name: 'Import' }).click();
    const alert = upload.getByRole('alert');
    await alert
      .getByRole('listitem')
      .locator('code', { hasText: /^\/catalog\/metadata\/title$/ })
      .waitFor();
    await shot('import-refused');
    const list = await session.server.call('listFrameworks', {
      organization_id: session.server.owner.organizationId,
    });
    expect(list.body.total_count).toBe(2); // the adopted NIST framework and the one import
  });

  it('shows a control covered only through a crosswalk as covered via mapping, not as covered', async () => {
    const org = session.server.owner.organizationId;
    const iso = (
      await session.server.call('addFramework', { organization_id: org, library_key: 'iso-27001-2022' })
    ).body.id;
    const soc = (
      await session.server.call('addFramework', { organization_id: org, library_key: 'soc2-tsc-2017' })
    ).body.id;
    await session.server.storage.frameworks.mappings.import({
      organizationId: org,
      actor: { userId: null, tokenId: null, source: 'cli', action: 'test' },
      sourceFrameworkId: iso,
      targetFrameworkId: soc,
      collection: { title: 'ISO to SOC 2', uuid: null },
      rows: [
        { source_control_code: 'A.5.15', target_control_code: 'CC6.1', relationship: 'intersects-with' },
      ],
    });
    await session.server.call('addMeasure', {
      organization_id: org,
      name: 'Access control',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: soc, control_code: 'CC6.1' }],
    });
    await session.page.goto(`${session.server.url}/frameworks/${iso}`);
    const form = session.page.getByRole('form', { name: 'Filter controls' });
    await form.getByLabel('Text').fill('A.5.15');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await session.page.getByText('1 matching').waitFor();
    const row = session.page.getByRole('table', { name: /^Controls of/ }).locator('tbody tr');
    const badge = row.locator('td').nth(3).locator('.badge');
    expect(await badge.textContent()).toBe('Covered via mapping: CC6.1');
    // Its readiness, as getAuditReadiness counts it: a gap, not ready through the crosswalk.
    const readiness = row.locator('td[data-readiness]');
    expect(await readiness.getAttribute('data-readiness')).toBe('GAP');
    expect(await readiness.textContent()).toBe('Gap: No measure');
    expect(await badge.getAttribute('class')).toBe('badge mapped');
    expect(await badge.getAttribute('title')).toBe('CC6.1 (intersects-with, ISO to SOC 2)');
    await session.page.getByText('0% covered').waitFor();
    await shot('covered-via-mapping');
  });

  it('shows activity with names, readable before → after values and the demo seed as one batch', async () => {
    const org = session.server.owner.organizationId;
    const risk = await session.server.call('addRisk', {
      organization_id: org,
      name: 'Ransomware',
      inherent_likelihood: 4,
      inherent_impact: 5,
      review_date: '2026-03-01',
    });
    await session.server.call('updateRisk', {
      organization_id: org,
      id: risk.body.id,
      status: 'IN_TREATMENT',
    });
    await openNav(session.page, 'Activity');
    const update = session.page.locator('.log > li').filter({ hasText: 'Update risk' });
    await update.getByText('Ransomware', { exact: true }).waitFor();
    expect(await update.locator('.log-head').textContent()).toContain(
      `${session.server.owner.email} via token “test write”`,
    );
    await update.getByText('1 field changed').click();
    const row = update.getByRole('row', { name: /Status/ });
    expect(await row.locator('td').allTextContents()).toEqual(['Open', '→ In treatment']);
    const created = session.page.locator('.log > li').filter({ hasText: 'Add risk' });
    await created.getByText('Created', { exact: true }).click();
    expect(
      await created
        .getByRole('row', { name: /Review date/ })
        .locator('td')
        .textContent(),
    ).not.toContain('"');
    await shot('activity');

    const demo = await seedDemo({
      storage: session.server.storage,
      ownerUserId: session.server.owner.userId,
    });
    await session.page.reload();
    await session.page
      .getByRole('combobox', { name: 'Organization', exact: true })
      .selectOption(demo.organizationId);
    await openNav(session.page, 'Activity');
    const batch = session.page.locator('.log > li.batch');
    await batch.first().waitFor();
    expect(await batch.count()).toBe(1);
    expect(await batch.locator('.log-head strong').textContent()).toMatch(/^Demo data loaded: \d+ records$/);
    await batch.getByText(/^Show the \d+ records$/).click();
    await batch.locator('.batch-entries > li').first().waitFor();
    await shot('activity-batch');
  });

  it('sets the evidence validity on the Members page; the demo framework lists its exclusions', async () => {
    const organizationId = await session.page
      .getByRole('combobox', { name: 'Organization', exact: true })
      .inputValue();
    await openNav(session.page, 'Members');
    const form = session.page.getByRole('form', { name: 'Evidence validity' });
    await form.getByLabel('Months').fill('18');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').getByText('Saved: 18 months.').waitFor();
    const saved = await session.server.storage.organizations.getForUser({
      organizationId,
      userId: session.server.owner.userId,
    });
    expect(saved?.evidence_validity_months).toBe(18);

    const frameworks = await session.server.storage.frameworks.list({ organizationId });
    const iso = frameworks.items.find((f) => f.name.startsWith('ISO/IEC 27001'))!;
    await session.page.goto(`${session.server.url}/frameworks/${iso.id}`);
    const excluded = session.page.getByRole('list', { name: 'Excluded controls' });
    await excluded.locator('li[data-code="A.7.10"]').waitFor();
    expect(await excluded.locator('li[data-code="A.7.10"]').textContent()).toContain('Fully remote company');
    await shot('readiness-exclusions');
  });

  it('shows a VIEWER no way to adopt or import', async () => {
    const viewer = await session.server.addMember({
      organizationId: session.server.owner.organizationId,
      role: 'VIEWER',
    });
    await signInAs({ page: session.page, url: session.server.url, email: viewer.email });
    await openNav(session.page, 'Frameworks');
    await session.page.getByRole('cell', { name: 'Sample Security Catalog' }).waitFor();
    expect(await session.page.getByRole('link', { name: 'Add from library' }).count()).toBe(0);
    expect(await session.page.getByRole('form', { name: 'Import OSCAL' }).count()).toBe(0);
    await session.page.goto(`${session.server.url}/frameworks/library`);
    await session.page.getByText('Your role may read only').waitFor();
    expect(await session.page.getByRole('button', { name: /Adopt/ }).count()).toBe(0);
  });
});
