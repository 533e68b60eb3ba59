import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { buildWeb, HAVE_CHROMIUM, launchBrowser, requireChromium, screenshot, signInAs } from './browser.js';
import { contentOf, sha256 } from './bytes.js';
import { startTestServer, type TestServer } from './harness.js';
import { readPackage, verifyManifest } from './package-zip.js';

requireChromium('console-evidence-browser');

const MiB = 1024 * 1024;

/** Clicks what starts a download and answers the downloaded bytes. */
async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{ bytes: Buffer; download: Download }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { bytes: await readFile((await download.path())!), download };
}

describe.skipIf(!HAVE_CHROMIUM)(
  'console: evidence files and the auditor package (Debian chromium)',
  { timeout: 120_000 },
  () => {
    let server: TestServer;
    let page: Page;
    let close: () => Promise<void>;
    let org: string;
    let frameworkId: string;
    let evidenceUrl: string;
    const first = contentOf(3 * MiB + 4321, 'board minutes');
    const second = contentOf(200_000, 'board minutes, signed');

    beforeAll(async () => {
      await buildWeb();
      // A small upload limit, so the browser meets the 413 too.
      server = await startTestServer({ driver: 'pglite', config: { evidenceMaxBytes: 4 * MiB } });
      org = server.owner.organizationId;
      const framework = await server.call('addFramework', {
        organization_id: org,
        name: 'SOC 2 scope',
        controls: [{ code: 'CC1.2', title: 'Board oversight' }],
      });
      frameworkId = framework.body.id;
      await server.call('addMeasure', {
        organization_id: org,
        name: 'Board reviews security quarterly',
        state: 'IMPLEMENTED',
        controls: [{ framework_id: frameworkId, control_code: 'CC1.2' }],
      });
      ({ page, close } = await launchBrowser({ bypassCSP: true }));
      await signInAs({ page, url: server.url, email: server.owner.email });
    }, 180_000);

    afterAll(async () => {
      await close?.();
      await server?.stop();
    });

    it('uploads a file with progress, lists its SHA-256 and size, and downloads the same bytes', async () => {
      await page.goto(`${server.url}/registers/evidence/new`);
      const form = page.getByRole('form', { name: 'Upload a file' });
      await form.waitFor();
      await form.getByLabel('File', { exact: true }).setInputFiles({
        name: 'board-minutes-q1.pdf',
        mimeType: 'application/octet-stream',
        buffer: first,
      });
      // The title follows the file's name unless one is typed.
      expect(await form.getByLabel('Title').inputValue()).toBe('board-minutes-q1');
      await form.getByLabel('Title').fill('Board minutes Q1');
      await form.locator('#upload-measures').selectOption({ label: 'Board reviews security quarterly' });
      await form.getByRole('button', { name: 'Upload file' }).click();
      await page.getByRole('heading', { level: 1, name: 'Evidence: Board minutes Q1' }).waitFor();
      evidenceUrl = page.url();
      expect(await page.getByTestId('evidence-sha256').textContent()).toBe(sha256(first));
      await page.getByText(`(${first.length} bytes)`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'evidence-file');

      const { bytes, download } = await downloaded(page, () =>
        page.getByRole('link', { name: 'Download board-minutes-q1.pdf' }).click(),
      );
      expect(download.suggestedFilename()).toBe('board-minutes-q1.pdf');
      expect(bytes.equals(first)).toBe(true);
    });

    it('adds a revision, keeps the first downloadable, and verifies integrity, then reports tampering', async () => {
      await page.getByLabel('New revision', { exact: true }).setInputFiles({
        name: 'board-minutes-q1-signed.pdf',
        mimeType: 'application/octet-stream',
        buffer: second,
      });
      await page.getByRole('button', { name: 'Upload new revision' }).click();
      await page.getByRole('table', { name: /Every revision/ }).waitFor();
      expect(await page.getByTestId('evidence-sha256').textContent()).toBe(sha256(second));
      const old = await downloaded(page, () =>
        page.getByRole('link', { name: 'board-minutes-q1.pdf' }).click(),
      );
      expect(old.bytes.equals(first)).toBe(true);

      await page.getByRole('button', { name: 'Verify integrity' }).click();
      await page.getByText(/^Intact: 2 stored revisions re-read/).waitFor();

      await sql`update blob_chunks set data = ${Buffer.from('forged')}
      where seq = 0 and blob_id = (select id from blobs where organization_id = ${org}
        and sha256 = ${sha256(first)})`.execute(server.storage.db);
      await page.getByRole('button', { name: 'Verify integrity' }).click();
      await page.getByText('1 of 2 stored revisions no longer match what was uploaded:').waitFor();
      await page.getByText(/^Revision 1: recorded /).waitFor();
    });

    it('says plainly when a file is over the limit, and keeps nothing', async () => {
      const before = (await server.call('listEvidence', { organization_id: org })).body.total_count;
      await page.goto(`${server.url}/registers/evidence/new`);
      const form = page.getByRole('form', { name: 'Upload a file' });
      await form.getByLabel('File', { exact: true }).setInputFiles({
        name: 'too-large.bin',
        mimeType: 'application/octet-stream',
        buffer: contentOf(5 * MiB, 'too large'),
      });
      await form.getByRole('button', { name: 'Upload file' }).click();
      await page
        .getByRole('alert')
        .getByText(/The file is too large for this server, so nothing was stored/)
        .waitFor();
      expect((await server.call('listEvidence', { organization_id: org })).body.total_count).toBe(before);
    });

    it('downloads the auditor package of the framework from its page, with the file in its manifest', async () => {
      await page.goto(`${server.url}/frameworks/${frameworkId}`);
      await page.getByRole('heading', { name: 'Auditor package' }).waitFor();
      const { bytes, download } = await downloaded(page, () =>
        page.getByRole('button', { name: 'Download package' }).click(),
      );
      expect(download.suggestedFilename()).toMatch(
        /^auditor-package-soc-2-scope-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.zip$/,
      );
      expect(bytes.length).toBeGreaterThan(0);
      const { entries, manifest } = await readPackage((await download.path())!);
      verifyManifest({ entries, manifest });
      expect(manifest.files.filter((f) => f.revision !== undefined)).toHaveLength(2);
    });

    it('shows an auditor the file and its download, but no upload, no verification and no members', async () => {
      const auditor = await server.addMember({ organizationId: org, role: 'AUDITOR' });
      await signInAs({ page, url: server.url, email: auditor.email });
      await page.goto(evidenceUrl);
      await page.getByRole('heading', { level: 1, name: 'Evidence: Board minutes Q1' }).waitFor();
      await page.getByText(/^Role: auditor until /).waitFor();
      const { bytes } = await downloaded(page, () =>
        page.getByRole('link', { name: 'Download board-minutes-q1-signed.pdf' }).click(),
      );
      expect(bytes.equals(second)).toBe(true);
      expect(await page.getByRole('button', { name: 'Upload new revision' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Verify integrity' }).count()).toBe(0);
      expect(
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).count(),
      ).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'evidence-file-auditor');
    });
  },
);
