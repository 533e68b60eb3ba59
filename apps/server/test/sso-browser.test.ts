import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, HAVE_CHROMIUM, launchBrowser, requireChromium, screenshot } from './browser.js';
import { HARNESS_PASSWORD } from './console-client.js';
import { startTestServer, type TestServer } from './harness.js';
import { SSO_CLIENT, startIdp, testSsoConfig } from './oidc-idp.js';

requireChromium('sso-browser');

describe.skipIf(!HAVE_CHROMIUM)(
  'console: single sign-on through a real OpenID provider (Debian chromium)',
  () => {
    let server: TestServer;
    let idp: Awaited<ReturnType<typeof startIdp>>;
    let page: Page;
    let close: () => Promise<void>;

    beforeAll(async () => {
      await buildWeb();
      idp = await startIdp();
      const sso = testSsoConfig({ issuer: idp.issuer, role: 'VIEWER' });
      server = await startTestServer({ driver: 'pglite', config: { sso } });
      sso.organizationId = server.owner.organizationId;
      await idp.register({ ...SSO_CLIENT, redirectUri: `${server.url}/api/console/sso/callback` });
      ({ page, close } = await launchBrowser());
    }, 180_000);

    afterAll(async () => {
      await close?.();
      await server?.stop();
      await idp?.stop();
    });

    /** From Comply's sign-in page through the provider's login and consent pages. */
    async function signInThroughIdp(login: string) {
      await page.context().clearCookies();
      await page.goto(`${server.url}/signin`);
      await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
    }

    it('signs a new person in with the provider and shows the organization they joined', async () => {
      await signInThroughIdp('grace@sso.test');
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.getByText('grace@sso.test').first().waitFor();
      const organizations = await page.evaluate(async () => {
        const reply = await fetch('/api/console/session');
        return ((await reply.json()) as { organizations: { id: string; role: string }[] }).organizations;
      });
      expect(organizations).toEqual([
        expect.objectContaining({ id: server.owner.organizationId, role: 'VIEWER' }),
      ]);
      await screenshot(page, 'sso-signed-in');
    });

    it('explains a refusal for a domain that is not allowed', async () => {
      await signInThroughIdp('mallory@elsewhere.test');
      await page.getByRole('alert').getByText('Addresses of this domain cannot sign in here').waitFor();
    });

    it('refuses the password of an address that must use single sign-on', async () => {
      await server.storage.users.create({ email: 'henry@sso.test', password: HARNESS_PASSWORD });
      await page.context().clearCookies();
      await page.goto(`${server.url}/signin`);
      await page.getByLabel('Email').fill('henry@sso.test');
      await page.getByLabel('Password').fill(HARNESS_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').getByText('sign in with Test IdP, not with a password').waitFor();
    });
  },
);
