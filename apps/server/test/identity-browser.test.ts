import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { HAVE_CHROMIUM, requireChromium, screenshot, signInAs, useBrowserSession } from './browser.js';
import { HARNESS_PASSWORD, signedIn } from './console-client.js';
import { startSmtpServer } from './smtp.js';

requireChromium('identity-browser');

const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe.skipIf(!HAVE_CHROMIUM)('console: second factor and password reset (Debian chromium)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.stop());
  const session = useBrowserSession({
    server: () => ({ config: { smtpUrl: smtp.url } }),
    bypassCSP: true,
    signIn: false,
  });

  it('sets up an authenticator app with its QR code, then signs in with a code', async () => {
    const member = await session.server.addMember();
    await signInAs({ page: session.page, url: session.server.url, email: member.email });
    await session.page.goto(`${session.server.url}/settings/account`);
    await session.page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await session.page.getByRole('img', { name: 'QR code of the authenticator key' }).waitFor();
    const secret = (await session.page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await seriousViolations(session.page)).toEqual([]);
    await session.page.getByLabel('Code from the app').fill(await codeAt(secret));
    await session.page.getByRole('button', { name: 'Turn on' }).click();
    const codes = session.page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await session.page.getByText('On. 10 recovery codes left.').waitFor();
    await screenshot(session.page, 'identity-second-factor-on');

    await session.page.context().clearCookies();
    await session.page.goto(`${session.server.url}/signin`);
    await session.page.getByLabel('Email').fill(member.email);
    await session.page.getByLabel('Password').fill(HARNESS_PASSWORD);
    await session.page.getByRole('button', { name: 'Sign in' }).click();
    const codeInput = session.page.getByLabel('Code from your authenticator app');
    await codeInput.fill('000000');
    await session.page.getByRole('button', { name: 'Continue' }).click();
    await session.page.getByRole('alert').getByText('This code is not correct').waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
    // The enrolment spent the current step; the next step's code is within the accepted drift.
    await codeInput.fill(await codeAt(secret, 30));
    await session.page.getByRole('button', { name: 'Continue' }).click();
    await session.page.getByRole('navigation', { name: 'Main' }).waitFor();
  });

  it('signs in with a recovery code instead', async () => {
    const member = await session.server.addMember();
    const client = await signedIn({ server: session.server, email: member.email });
    const { secret } = (await client.post('/account/second-factor/enrol')).body;
    const { recovery_codes } = (
      await client.post('/account/second-factor/confirm', { code: await codeAt(secret) })
    ).body;
    await session.page.context().clearCookies();
    await session.page.goto(`${session.server.url}/signin`);
    await session.page.getByLabel('Email').fill(member.email);
    await session.page.getByLabel('Password').fill(HARNESS_PASSWORD);
    await session.page.getByRole('button', { name: 'Sign in' }).click();
    await session.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await session.page.getByLabel('Recovery code').fill(recovery_codes[3]);
    await session.page.getByRole('button', { name: 'Continue' }).click();
    await session.page.getByRole('navigation', { name: 'Main' }).waitFor();
  });

  it("sends an organization's members to set one up when its OWNER requires it", async () => {
    const owner = await session.server.addMember();
    const editor = await session.server.addMember({ organizationId: owner.organizationId, role: 'EDITOR' });
    await signInAs({ page: session.page, url: session.server.url, email: owner.email });
    await session.page.goto(`${session.server.url}/members`);
    await session.page.getByLabel('Require a second factor (an authenticator app) of every member').check();
    await expect
      .poll(() =>
        session.server.storage.identity.organizationSecurity({ organizationId: owner.organizationId }),
      )
      .toEqual({ require_totp: true });
    await session.page.context().clearCookies();
    await session.page.goto(`${session.server.url}/signin`);
    await session.page.getByLabel('Email').fill(editor.email);
    await session.page.getByLabel('Password').fill(HARNESS_PASSWORD);
    await session.page.getByRole('button', { name: 'Sign in' }).click();
    await session.page.getByText('An organization you belong to requires a second factor.').waitFor();
    await session.page.goto(`${session.server.url}/activity`);
    await session.page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    await screenshot(session.page, 'identity-second-factor-required');
  });

  it('resets a forgotten password through the link in the e-mail', async () => {
    const member = await session.server.addMember();
    await session.page.context().clearCookies();
    await session.page.goto(`${session.server.url}/signin`);
    await session.page.getByRole('link', { name: 'Forgot your password?' }).click();
    await session.page.getByLabel('Email').fill(member.email);
    await session.page.getByRole('button', { name: 'Send a link' }).click();
    await session.page.getByRole('status').getByText('If an account uses this address').waitFor();
    expect(await seriousViolations(session.page)).toEqual([]);
    const mail = await smtp.waitFor(member.email);
    const link = /http:\/\/\S+\/reset-password#token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await session.page.goto(String(link));
    const password = 'the new password from the mail';
    await session.page.getByLabel('New password (at least 12 characters)').fill(password);
    await session.page.getByLabel('Repeat the new password').fill(password);
    await session.page.getByRole('button', { name: 'Set password' }).click();
    await session.page.getByRole('status').getByText('Password set.').waitFor();
    await session.page.getByRole('link', { name: 'Sign in' }).click();
    await session.page.getByLabel('Email').fill(member.email);
    await session.page.getByLabel('Password').fill(password);
    await session.page.getByRole('button', { name: 'Sign in' }).click();
    await session.page.getByRole('navigation', { name: 'Main' }).waitFor();
  });
});
