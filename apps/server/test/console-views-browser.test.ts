import { readFile } from 'node:fs/promises';
import { registerNames, registers } from '@comply/schemas';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useDemoBrowserSession } from './browser.js';
import { signedIn } from './console-client.js';
import { parseCsv, readXlsx } from './export-files.js';

requireChromium('console-views-browser');

/** The texts of the register table's first column. */
const firstColumn = (page: Page) => page.locator('table tbody tr td:first-child').allTextContents();

/** The file a click on `name` in the register view's export downloads. */
async function download(page: Page, name: string): Promise<Buffer> {
  // The register view's own export group (a risks page also offers the treatment plan's files).
  const group = page.getByRole('group', { name: 'Export', exact: true });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    group.getByRole('link', { name }).click(),
  ]);
  return readFile(String(await file.path()));
}

describe.skipIf(!HAVE_CHROMIUM)('console: shareable register views and exports (Debian chromium)', () => {
  const session = useDemoBrowserSession();
  beforeAll(async () => {
    await session.page.goto(session.server.url);
    await session.page.getByRole('heading', { name: 'Needs attention' }).waitFor();
  });

  it('links "needs attention" to the filtered list and to each record', async () => {
    const card = session.page.locator('section.card', {
      has: session.page.getByRole('heading', { name: /Overdue obligations/ }),
    });
    const first = (await card.locator('ul.attention li a').first().textContent()) ?? '';
    await card.getByRole('link', { name: 'Overdue obligations' }).click();
    await session.page.getByRole('heading', { name: 'Obligations', level: 1 }).waitFor();
    expect(new URL(session.page.url()).search).toBe('?overdue=true');
    await expect.poll(() => firstColumn(session.page)).toContain(first);
    const overdue = session.page.locator('table tbody tr td:nth-child(5)');
    expect(new Set(await overdue.allTextContents())).toEqual(new Set(['Yes']));
    // A reload shows the same view, its filter box open with the filter set.
    await session.page.reload();
    await expect.poll(() => firstColumn(session.page)).toContain(first);
    expect(await session.page.locator('#f-overdue').inputValue()).toBe('true');
    // Back to the dashboard, then to the record itself.
    await session.page.goBack();
    await session.page.getByRole('heading', { name: 'Needs attention' }).waitFor();
    await card.locator('ul.attention li a').first().click();
    await session.page.getByRole('heading', { level: 1, name: first }).waitFor();
    expect(new URL(session.page.url()).pathname).toMatch(/^\/registers\/obligations\/obl_/);
  });

  it('keeps filters, order and page in the URL, with back and forward', async () => {
    await session.page.goto(`${session.server.url}/registers/risks`);
    await session.page.getByRole('heading', { name: 'Risks', level: 1 }).waitFor();
    await session.page.getByText('Filters and order').click();
    await session.page.getByRole('checkbox', { name: 'Open' }).check();
    await session.page.getByRole('combobox', { name: 'Order by' }).selectOption('name');
    await session.page.getByRole('combobox', { name: 'Direction' }).selectOption('desc');
    await session.page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(session.page.url()).searchParams.get('order_by')).toBe('name:desc');
    expect(new URL(session.page.url()).searchParams.get('status')).toBe('OPEN');
    // The table is the list tool's answer for the URL's filters and order.
    const client = await signedIn({ server: session.server, email: session.server.owner.email });
    const listed = await client.get(
      `/orgs/${session.demoId}/registers/risks?status=OPEN&order_by=name:desc&page_size=25`,
    );
    const names: string[] = listed.body.risks.map((r: { name: string }) => r.name);
    expect(names.length).toBeGreaterThan(0);
    await expect.poll(() => firstColumn(session.page)).toEqual(names);
    const filtered = session.page.url();

    await session.page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => new URL(session.page.url()).search).toBe('');
    await session.page.goBack();
    await expect.poll(() => session.page.url()).toBe(filtered);
    await expect.poll(() => firstColumn(session.page)).toEqual(names);
    await session.page.goForward();
    await expect.poll(() => new URL(session.page.url()).search).toBe('');

    // Paging: the next page's cursor goes into the URL; a reload stays on it, Previous returns.
    // The demo has more than 25 risks: two pages.
    await session.page.goto(`${session.server.url}/registers/risks?order_by=name:asc`);
    const pageOne = await (async () => {
      await expect.poll(async () => (await firstColumn(session.page)).length).toBeGreaterThan(0);
      return firstColumn(session.page);
    })();
    const next = session.page.getByRole('button', { name: 'Next page' });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await expect.poll(() => new URL(session.page.url()).searchParams.get('cursor')).toBeTruthy();
    await expect.poll(() => firstColumn(session.page)).not.toEqual(pageOne);
    const pageTwo = await firstColumn(session.page);
    await session.page.reload();
    await expect.poll(() => firstColumn(session.page)).toEqual(pageTwo);
    await session.page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => firstColumn(session.page)).toEqual(pageOne);
  });

  it('exports the filtered view as CSV and XLSX', async () => {
    await session.page.goto(`${session.server.url}/registers/risks?status=OPEN&order_by=name:asc`);
    await expect.poll(async () => (await firstColumn(session.page)).length).toBeGreaterThan(0);
    const matching = Number((await session.page.getByText(/\d+ matching/).textContent())?.match(/\d+/)?.[0]);
    const shown = await firstColumn(session.page);
    const csv = parseCsv((await download(session.page, 'CSV')).toString('utf8'));
    expect(csv[0]?.slice(0, 2)).toEqual(['Name', 'Status']);
    expect(csv).toHaveLength(matching + 1);
    expect(csv.slice(1, shown.length + 1).map((r) => r[0])).toEqual(shown);
    expect(new Set(csv.slice(1).map((r) => r[1]))).toEqual(new Set(['Open']));
    const sheet = await readXlsx(new Uint8Array(await download(session.page, 'XLSX')).buffer);
    expect(sheet.rowCount).toBe(matching + 1);
    expect(sheet.getRow(2).getCell(1).value).toBe(shown[0]);
    expect(typeof sheet.getRow(2).getCell(3).value).toBe('number');
    expect(await seriousViolations(session.page)).toEqual([]);
    await screenshot(session.page, 'views-risks-filtered');
  });

  it('shows a demo load as one batch of all its records, and actions by name', async () => {
    const client = await signedIn({ server: session.server, email: session.server.owner.email });
    const seeded = (await client.get(`/orgs/${session.demoId}/activity?action=seedDemo&page_size=1`)).body
      .total_count;
    expect(seeded).toBeGreaterThan(100);
    await session.page.goto(`${session.server.url}/activity`);
    const batch = session.page.locator('.log > li.batch');
    await batch.first().waitFor();
    expect(await batch.count()).toBe(1);
    expect(await batch.locator('.log-head strong').textContent()).toBe(`Demo data loaded: ${seeded} records`);
    const action = session.page.getByRole('combobox', { name: 'Action' });
    expect(await action.locator('option', { hasText: 'Update vendor' }).count()).toBe(1);
    expect(await session.page.locator('main').textContent()).not.toMatch(/seedDemo|updateVendor/);
    // The activity's filters are in the URL too.
    await action.selectOption('seedDemo');
    await session.page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(session.page.url()).searchParams.get('action')).toBe('seedDemo');
    await session.page.reload();
    await expect
      .poll(() => session.page.getByRole('combobox', { name: 'Action' }).inputValue())
      .toBe('seedDemo');
    await screenshot(session.page, 'views-activity');
  });

  it('designs record pages: facts, linked records with their state, evidence with dates, history last', async () => {
    const measures = await session.server.storage.measures.list({
      organizationId: session.demoId,
      filters: { has_evidence: true },
    });
    const measure = measures.items.find((m) => m.evidence.some((e) => e.url) && m.controls.length > 0)!;
    await session.page.goto(`${session.server.url}/registers/measures/${measure.id}`);
    await session.page.getByRole('heading', { level: 1, name: `Measure: ${measure.name}` }).waitFor();
    const evidence = session.page.locator('section[aria-labelledby="evidence-heading"]');
    const first = measure.evidence.find((e) => e.url)!;
    const link = evidence.getByRole('link', { name: first.title });
    expect(await link.getAttribute('href')).toBe(first.url);
    expect(await evidence.textContent()).toMatch(/collected .+ · valid until /);
    // No key/value dump: no raw field names or nested "Url:" pairs.
    const text = (await session.page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/Url:|Oscal uuid|Organization id|Families omitted/);
    // A control links to its framework's one page, the coverage page.
    const linked = session.page.locator('section[aria-labelledby="related-heading"]');
    await linked.getByRole('heading', { name: /^Controls \(\d+\)$/ }).waitFor();
    const frameworkLink = linked.locator('a[href^="/frameworks/fw_"]').first();
    await frameworkLink.waitFor();
    // History comes last.
    const headings = await session.page.locator('main h2').allTextContents();
    expect(headings.at(-1)).toBe('History');
    await screenshot(session.page, 'record-measure');
    await frameworkLink.click();
    await expect.poll(() => new URL(session.page.url()).pathname).toMatch(/^\/frameworks\/fw_/);

    // A risk lists its measures with their state.
    const risk = (
      await session.server.storage.risks.list({
        organizationId: session.demoId,
        filters: { has_mitigation: true },
      })
    ).items[0]!;
    await session.page.goto(`${session.server.url}/registers/risks/${risk.id}`);
    const measuresBlock = session.page.locator('.record-list').first();
    await measuresBlock.locator('.chip').first().waitFor();
    expect(await session.page.locator('ul.chips').textContent()).toMatch(/Status/);
    expect(await seriousViolations(session.page)).toEqual([]);
    await screenshot(session.page, 'record-risk');
  });

  it('fits 390 px and 1,024 px without page-level horizontal scroll, light and dark', async () => {
    const risk = (await session.server.storage.risks.list({ organizationId: session.demoId, filters: {} }))
      .items[0]!;
    const framework = (
      await session.server.storage.frameworks.list({ organizationId: session.demoId, filters: {} })
    ).items[0]!;
    const policy = (
      await session.server.storage.documents.list({ organizationId: session.demoId, filters: {} })
    ).items[0]!;
    // Every register's page, from the catalog, so a new register is measured with no edit here.
    const pages: [string, string][] = [
      ['dashboard', '/'],
      ...registerNames.map((r): [string, string] => [r, registers[r].console.path]),
      ['risk', `/registers/risks/${risk.id}`],
      ['document', `/registers/documents/${policy.id}`],
      ['framework', `/frameworks/${framework.id}`],
      ['soa', `/frameworks/${framework.id}/soa`],
      ['library', '/frameworks/library'],
      ['activity', '/activity'],
      ['members', '/members'],
      ['tokens', '/settings/tokens'],
      ['webhooks', '/settings/webhooks'],
    ];
    const overflow: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await session.page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 1024, 1400]) {
        await session.page.setViewportSize({ width, height: 900 });
        for (const [name, path] of pages) {
          await session.page.goto(`${session.server.url}${path}`);
          await session.page.locator('main h1').first().waitFor();
          await session.page.waitForLoadState('networkidle');
          const wide = await session.page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (wide > 0) overflow.push(`${name} at ${width} px (${scheme}): ${wide} px too wide`);
          if (width !== 1024)
            await screenshot(session.page, `layout-${name}-${width}${scheme === 'dark' ? '-dark' : ''}`);
          if (scheme === 'dark' && width === 1400) {
            expect(await seriousViolations(session.page), `${name} (dark)`).toEqual([]);
          }
        }
      }
    }
    expect(overflow).toEqual([]);
    // The dark scheme is applied, not only asked for.
    const background = await session.page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    expect(background).toBe('rgb(15, 20, 27)');
    await session.page.emulateMedia({ colorScheme: 'light' });
    await session.page.setViewportSize({ width: 1280, height: 860 });
  }, 300_000);
});
