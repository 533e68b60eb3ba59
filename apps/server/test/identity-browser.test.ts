import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { buildWeb, HAVE_CHROMIUM, launchBrowser, requireChromium, screenshot, signInAs } from './browser.js';
import { HARNESS_PASSWORD, signedIn } from './console-client.js';
import { startTestServer, type TestServer } from './harness.js';
import { startSmtpServer } from './smtp.js';

requireChromium('identity-browser');

const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe.skipIf(!HAVE_CHROMIUM)('console: second factor and password reset (Debian chromium)', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let page: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    await buildWeb();
    smtp = await startSmtpServer();
    server = await startTestServer({ driver: 'pglite', config: { smtpUrl: smtp.url } });
    ({ page, close } = await launchBrowser({ bypassCSP: true }));
  }, 180_000);

  afterAll(async () => {
    await close?.();
    await server?.stop();
    await smtp?.stop();
  });

  it('sets up an authenticator app with its QR code, then signs in with a code', async () => {
    const member = await server.addMember();
    await signInAs({ page, url: server.url, email: member.email });
    await page.goto(`${server.url}/settings/account`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code of the authenticator key' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Code from the app').fill(await codeAt(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await page.getByText('On. 10 recovery codes left.').waitFor();
    await screenshot(page, 'identity-second-factor-on');

    await page.context().clearCookies();
    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(HARNESS_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const codeInput = page.getByLabel('Code from your authenticator app');
    await codeInput.fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByText('This code is not correct').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The enrolment spent the current step; the next step's code is within the accepted drift.
    await codeInput.fill(await codeAt(secret, 30));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  });

  it('signs in with a recovery code instead', async () => {
    const member = await server.addMember();
    const client = await signedIn({ server, email: member.email });
    const { secret } = (await client.post('/account/second-factor/enrol')).body;
    const { recovery_codes } = (
      await client.post('/account/second-factor/confirm', { code: await codeAt(secret) })
    ).body;
    await page.context().clearCookies();
    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(HARNESS_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery_codes[3]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  });

  it("sends an organization's members to set one up when its OWNER requires it", async () => {
    const owner = await server.addMember();
    const editor = await server.addMember({ organizationId: owner.organizationId, role: 'EDITOR' });
    await signInAs({ page, url: server.url, email: owner.email });
    await page.goto(`${server.url}/members`);
    await page.getByLabel('Require a second factor (an authenticator app) of every member').check();
    await expect
      .poll(() => server.storage.identity.organizationSecurity({ organizationId: owner.organizationId }))
      .toEqual({ require_totp: true });
    await page.context().clearCookies();
    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Email').fill(editor.email);
    await page.getByLabel('Password').fill(HARNESS_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('An organization you belong to requires a second factor.').waitFor();
    await page.goto(`${server.url}/activity`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    await screenshot(page, 'identity-second-factor-required');
  });

  it('resets a forgotten password through the link in the e-mail', async () => {
    const member = await server.addMember();
    await page.context().clearCookies();
    await page.goto(`${server.url}/signin`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send a link' }).click();
    await page.getByRole('status').getByText('If an account uses this address').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const mail = await smtp.waitFor(member.email);
    const link = /http:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(String(link));
    const password = 'the new password from the mail';
    await page.getByLabel('New password (at least 12 characters)').fill(password);
    await page.getByLabel('Repeat the new password').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').getByText('Password set.').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  });
});
