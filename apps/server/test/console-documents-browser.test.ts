import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';
import { sha256 } from './bytes.js';

requireChromium('console-documents-browser');

// Markdown with what must never become live HTML: a raw tag, an event handler, a script URL.
const CONTENT = [
  '# Acceptable use policy',
  '',
  'Lock your screen. <img src=x onerror="window.pwned=1"> <script>window.pwned=2</script>',
  '',
  '- [report an incident](javascript:window.pwned=3)',
  '- [the intranet](https://intranet.example/security)',
].join('\n');

describe.skipIf(!HAVE_CHROMIUM)('a policy written, approved, published and acknowledged in a browser', () => {
  const shot = (name: string) => screenshot(session.page, `documents-${name}`);
  const field = (label: string) => session.page.getByLabel(label, { exact: true });
  const workflow = () => session.page.getByRole('region', { name: 'Workflow' });
  const click = async (button: string, status: string) => {
    await workflow().getByRole('button', { name: button }).click();
    await workflow().getByRole('status').getByText(status).waitFor();
  };

  // Without the CSP, so only the rendering itself keeps the Markdown from running anything.
  const session = useBrowserSession({ bypassCSP: true });

  it('writes a policy with its first version from the register’s form', async () => {
    await session.page.goto(`${session.server.url}/registers/documents/new`);
    await field('Title (required)').fill('Acceptable use policy');
    await field('Kind (required)').selectOption('POLICY');
    await field('Approvers').fill(session.server.owner.email);
    await field('Content').fill(CONTENT);
    await session.page.getByRole('button', { name: 'Add document' }).click();
    await session.page.getByRole('heading', { name: 'Document: Acceptable use policy', level: 1 }).waitFor();
    await workflow().getByText('Acknowledged by 0 of 1 members (0%) · not published yet').waitFor();
  });

  it('renders the Markdown safely: headings and links, never raw HTML or script URLs', async () => {
    const content = session.page.getByRole('region', { name: 'Version 1' });
    await content.getByRole('heading', { name: 'Acceptable use policy' }).waitFor();
    expect(await content.getByRole('link', { name: 'the intranet' }).getAttribute('href')).toBe(
      'https://intranet.example/security',
    );
    expect(await content.locator('img, script, [onerror]').count()).toBe(0);
    expect(await content.locator('a[href^="javascript"]').count()).toBe(0);
    await content.getByText('<img src=x onerror="window.pwned=1">', { exact: false }).waitFor();
    expect(
      await session.page.evaluate(() => (window as unknown as { pwned?: number }).pwned),
    ).toBeUndefined();
  });

  it('sends it for review, approves, publishes and acknowledges as the signed-in member', async () => {
    await click('Send for review', 'Sent for review.');
    await click('Approve version 1', 'Approved version 1.');
    await session.page
      .getByRole('list', { name: 'Versions' })
      .getByText(`approved by ${session.server.owner.email}`)
      .waitFor();
    await click('Publish version 1', 'Published.');
    await click('Acknowledge version 1', 'Acknowledged version 1.');
    await workflow()
      .getByText(/Acknowledged by 1 of 1 members \(100%\) · version 1 in force/)
      .waitFor();
    await workflow().getByText('You acknowledged it').waitFor();
    await shot('published');
    expect(await seriousViolations(session.page)).toEqual([]);
    const { body } = await session.server.call('listDocuments', {
      organization_id: session.server.owner.organizationId,
    });
    expect(body.documents).toEqual([
      expect.objectContaining({ status: 'PUBLISHED', published_version: 1, acknowledgement_coverage: 100 }),
    ]);
  });

  it('saves a new version, which goes back to DRAFT while version 1 stays in force', async () => {
    const form = session.page.getByRole('form', { name: 'New version' });
    await form.getByLabel('New version (Markdown)').fill('# Acceptable use policy\n\nVersion 2.');
    await form.getByLabel('Change note').fill('Shorter.');
    await form.getByRole('button', { name: 'Save as a new version' }).click();
    await workflow().getByRole('status').getByText('Saved version 2.').waitFor();
    await session.page.getByRole('region', { name: 'Version 2' }).getByText('Version 2.').waitFor();
    await workflow().getByRole('button', { name: 'Send for review' }).waitFor();
    await workflow()
      .getByText(/Acknowledged by 1 of 1 members \(100%\) · version 1 in force/)
      .waitFor();
  });

  it('adds a file from the evidence vault as version 3, shows its SHA-256 and downloads the same bytes', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n% Acceptable use policy, signed\n'),
      Buffer.from([0, 255, 10]),
    ]);
    const form = session.page.getByRole('form', { name: 'New version' });
    await form.getByLabel('A file from the evidence vault').check();
    const upload = session.page.getByRole('form', { name: 'Upload a file' });
    await upload.getByLabel('File', { exact: true }).setInputFiles({
      name: 'aup-signed.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await upload.getByRole('button', { name: 'Upload file' }).click();
    // The uploaded evidence is picked for the version.
    const option = form.locator('#version-evidence option', { hasText: 'aup-signed' });
    await option.waitFor({ state: 'attached' });
    expect(await form.locator('#version-evidence').inputValue()).toBe(await option.getAttribute('value'));
    await form.getByLabel('Change note').fill('The signed PDF.');
    await form.getByRole('button', { name: 'Save as a new version' }).click();
    await workflow().getByRole('status').getByText('Saved version 3.').waitFor();
    const version = session.page.getByRole('region', { name: 'Version 3' });
    expect(await version.getByTestId('version-sha256').textContent()).toBe(sha256(pdf));
    await version.getByText(`(${pdf.length} bytes)`).waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
    await shot('file-version');

    const [download] = await Promise.all([
      session.page.waitForEvent('download'),
      version.getByRole('link', { name: 'Download aup-signed.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('aup-signed.pdf');
    expect((await readFile((await download.path())!)).equals(pdf)).toBe(true);
    const list = await session.server.call('listDocuments', {
      organization_id: session.server.owner.organizationId,
    });
    const { body } = await session.server.call('getDocument', { id: list.body.documents[0].id });
    expect(body.versions[0]).toMatchObject({
      version: 3,
      content_hash: sha256(pdf),
      file: { filename: 'aup-signed.pdf' },
    });
  });
});
