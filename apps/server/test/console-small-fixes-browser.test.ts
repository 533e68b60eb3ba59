import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';

requireChromium('console-small-fixes-browser');

const SETUP = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' } as const;

describe.skipIf(!HAVE_CHROMIUM)('console: organization dialog, token form, plurals (Debian chromium)', () => {
  let viewerOrgName: string;
  let ownerOrgName: string;
  const tokenPosts: string[] = [];
  const nativeDialogs: string[] = [];

  const session = useBrowserSession({
    bypassCSP: true,
    seed: async (server) => {
      // The owner of one organization is a VIEWER in another.
      const other = await server.addMember();
      await server.storage.memberships.add({
        organizationId: other.organizationId,
        userId: server.owner.userId,
        role: 'VIEWER',
        actor: SETUP,
      });
      const org = await server.storage.organizations.getForUser({
        organizationId: other.organizationId,
        userId: server.owner.userId,
      });
      viewerOrgName = String(org?.name);
      ownerOrgName = String(
        (
          await server.storage.organizations.getForUser({
            organizationId: server.owner.organizationId,
            userId: server.owner.userId,
          })
        )?.name,
      );
      await server.call('addFramework', {
        organization_id: server.owner.organizationId,
        library_key: 'iso-27001-2022',
      });
    },
  });
  beforeAll(() => {
    session.page.on('dialog', async (dialog) => {
      nativeDialogs.push(dialog.type());
      await dialog.dismiss();
    });
  });

  it('creates an organization through a labelled dialog, not window.prompt', async () => {
    await session.page.getByRole('button', { name: 'New organization' }).click();
    const dialog = session.page.getByRole('dialog', { name: 'New organization' });
    await dialog.waitFor();
    const name = dialog.getByLabel('Name');
    expect(await name.getAttribute('required')).toBe('');
    await expect.poll(() => session.page.evaluate('document.activeElement?.name')).toBe('name');
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await dialog.getByText('Enter a name for the organization.').waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
    await name.fill('Second Company');
    await screenshot(session.page, 'small-fixes-new-organization');
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const chosen = session.page.locator('.org-switch select option:checked');
    await expect.poll(() => chosen.textContent()).toBe('Second Company');
    expect(await session.page.locator('.org-role').textContent()).toBe('Role: owner');
    // Cancel closes without creating.
    await session.page.getByRole('button', { name: 'New organization' }).click();
    await dialog.getByLabel('Name').fill('Never made');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const names = (
      await session.server.storage.organizations.listForUser({ userId: session.server.owner.userId })
    ).items.map((o) => o.name);
    expect(names).toContain('Second Company');
    expect(names).not.toContain('Never made');
    expect(nativeDialogs).toEqual([]);
  });

  it('token form: nothing ticked does not call an owner a viewer; says what read-only means', async () => {
    session.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/console/tokens'))
        tokenPosts.push(request.postData() ?? '');
    });
    await session.page.goto(`${session.server.url}/settings/tokens`);
    await session.page.getByRole('button', { name: 'Generate New Token' }).click();
    const form = session.page.locator('form', {
      has: session.page.getByRole('heading', { name: 'Generate New Token' }),
    });
    const readWrite = form.getByLabel('Read and write');
    await form.getByText('Read-only: an assistant using this token can read records').waitFor();
    expect(await form.getByLabel('Read-only').getAttribute('aria-describedby')).toBe('token-scope-read');
    await form.getByLabel('Only these:').check();
    // Nothing ticked: no claim about being a viewer; read-write stays available to an owner.
    expect(await readWrite.isEnabled()).toBe(true);
    expect(await form.getByText(/You are a viewer/).count()).toBe(0);
    await form.getByText('Tick at least one organization.').waitFor();
    await screenshot(session.page, 'small-fixes-token-none-ticked');
    // Only the organization where they are a viewer: read-only, and said so.
    await readWrite.check();
    await form.getByLabel(viewerOrgName).check();
    await expect.poll(() => readWrite.isEnabled()).toBe(false);
    expect(await form.getByLabel('Read-only').isChecked()).toBe(true);
    await form
      .getByText('Your role only reads in the organizations ticked, so the token can only read.')
      .waitFor();
    // Submitting with nothing ticked is refused in words, not sent.
    await form.getByLabel(viewerOrgName).uncheck();
    await form.getByLabel('Name').fill('Nothing ticked');
    await form.getByRole('button', { name: 'Generate token' }).click();
    await form.getByText('Tick at least one organization, or choose “All my organizations”.').waitFor();
    expect(tokenPosts).toEqual([]);
  });

  it('counts read right: 1 framework, not 1 frameworks', async () => {
    await session.page.locator('.org-switch select').selectOption({ label: ownerOrgName });
    await session.page.goto(`${session.server.url}/frameworks`);
    await session.page.getByRole('heading', { name: 'Frameworks', level: 1 }).waitFor();
    await session.page.getByText('1 framework', { exact: true }).waitFor();
    expect(await session.page.getByText('1 frameworks').count()).toBe(0);
  });

  it('a form showing its plain messages and the token form pass axe-core', async () => {
    await session.page.goto(`${session.server.url}/registers/risks/new`);
    await session.page.getByRole('heading', { name: 'New risk' }).waitFor();
    await session.page.getByRole('button', { name: 'Add risk' }).click();
    await session.page.getByText('Check the 3 fields marked below.').waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
    await session.page.goto(`${session.server.url}/settings/tokens`);
    await session.page.getByRole('button', { name: 'Generate New Token' }).click();
    await session.page.getByText('Read-only: an assistant using this token can read records').waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
  });
});
