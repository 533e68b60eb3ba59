import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, signInAs, useBrowserSession } from './browser.js';
import { contentOf, sha256 } from './bytes.js';
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
    let org: string;
    let frameworkId: string;
    let evidenceUrl: string;
    const first = contentOf(3 * MiB + 4321, 'board minutes');
    const second = contentOf(200_000, 'board minutes, signed');

    const session = useBrowserSession({
      // A small upload limit, so the browser meets the 413 too.
      server: { config: { evidenceMaxBytes: 4 * MiB } },
      bypassCSP: true,
      seed: async (server) => {
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
      },
    });

    it('uploads a file with progress, lists its SHA-256 and size, and downloads the same bytes', async () => {
      await session.page.goto(`${session.server.url}/registers/evidence/new`);
      const form = session.page.getByRole('form', { name: 'Upload a file' });
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
      await session.page.getByRole('heading', { level: 1, name: 'Evidence: Board minutes Q1' }).waitFor();
      evidenceUrl = session.page.url();
      expect(await session.page.getByTestId('evidence-sha256').textContent()).toBe(sha256(first));
      await session.page.getByText(`(${first.length} bytes)`).waitFor();
      expect(await seriousViolations(session.page)).toEqual([]);
      await screenshot(session.page, 'evidence-file');

      const { bytes, download } = await downloaded(session.page, () =>
        session.page.getByRole('link', { name: 'Download board-minutes-q1.pdf' }).click(),
      );
      expect(download.suggestedFilename()).toBe('board-minutes-q1.pdf');
      expect(bytes.equals(first)).toBe(true);
    });

    it('adds a revision, keeps the first downloadable, and verifies integrity, then reports tampering', async () => {
      await session.page.getByLabel('New revision', { exact: true }).setInputFiles({
        name: 'board-minutes-q1-signed.pdf',
        mimeType: 'application/octet-stream',
        buffer: second,
      });
      await session.page.getByRole('button', { name: 'Upload new revision' }).click();
      await session.page.getByRole('table', { name: /Every revision/ }).waitFor();
      expect(await session.page.getByTestId('evidence-sha256').textContent()).toBe(sha256(second));
      const old = await downloaded(session.page, () =>
        session.page.getByRole('link', { name: 'board-minutes-q1.pdf' }).click(),
      );
      expect(old.bytes.equals(first)).toBe(true);

      await session.page.getByRole('button', { name: 'Verify integrity' }).click();
      await session.page.getByText(/^Intact: 2 stored revisions re-read/).waitFor();

      await sql`update blob_chunks set data = ${Buffer.from('forged')}
      where seq = 0 and blob_id = (select id from blobs where organization_id = ${org}
        and sha256 = ${sha256(first)})`.execute(session.server.storage.db);
      await session.page.getByRole('button', { name: 'Verify integrity' }).click();
      await session.page.getByText('1 of 2 stored revisions no longer match what was uploaded:').waitFor();
      await session.page.getByText(/^Revision 1: recorded /).waitFor();
    });

    it('says plainly when a file is over the limit, and keeps nothing', async () => {
      const before = (await session.server.call('listEvidence', { organization_id: org })).body.total_count;
      await session.page.goto(`${session.server.url}/registers/evidence/new`);
      const form = session.page.getByRole('form', { name: 'Upload a file' });
      await form.getByLabel('File', { exact: true }).setInputFiles({
        name: 'too-large.bin',
        mimeType: 'application/octet-stream',
        buffer: contentOf(5 * MiB, 'too large'),
      });
      await form.getByRole('button', { name: 'Upload file' }).click();
      await session.page
        .getByRole('alert')
        .getByText(/The file is too large for this server, so nothing was stored/)
        .waitFor();
      expect((await session.server.call('listEvidence', { organization_id: org })).body.total_count).toBe(
        before,
      );
    });

    it('downloads the auditor package of the framework from its page, with the file in its manifest', async () => {
      await session.page.goto(`${session.server.url}/frameworks/${frameworkId}`);
      await session.page.getByRole('heading', { name: 'Auditor package' }).waitFor();
      const { bytes, download } = await downloaded(session.page, () =>
        session.page.getByRole('button', { name: 'Download package' }).click(),
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
      const auditor = await session.server.addMember({ organizationId: org, role: 'AUDITOR' });
      await signInAs({ page: session.page, url: session.server.url, email: auditor.email });
      await session.page.goto(evidenceUrl);
      await session.page.getByRole('heading', { level: 1, name: 'Evidence: Board minutes Q1' }).waitFor();
      await session.page.getByText(/^Role: auditor until /).waitFor();
      const { bytes } = await downloaded(session.page, () =>
        session.page.getByRole('link', { name: 'Download board-minutes-q1-signed.pdf' }).click(),
      );
      expect(bytes.equals(second)).toBe(true);
      expect(await session.page.getByRole('button', { name: 'Upload new revision' }).count()).toBe(0);
      expect(await session.page.getByRole('button', { name: 'Verify integrity' }).count()).toBe(0);
      expect(
        await session.page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Members' })
          .count(),
      ).toBe(0);
      expect(await seriousViolations(session.page)).toEqual([]);
      await screenshot(session.page, 'evidence-file-auditor');
    });
  },
);
