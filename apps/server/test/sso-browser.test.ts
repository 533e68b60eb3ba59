import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, requireChromium, screenshot, useBrowserSession } from './browser.js';
import { HARNESS_PASSWORD } from './console-client.js';
import { SSO_CLIENT, startIdp, testSsoConfig } from './oidc-idp.js';

requireChromium('sso-browser');

describe.skipIf(!HAVE_CHROMIUM)(
  'console: single sign-on through a real OpenID provider (Debian chromium)',
  () => {
    let idp: Awaited<ReturnType<typeof startIdp>>;
    let sso: ReturnType<typeof testSsoConfig>;

    beforeAll(async () => {
      idp = await startIdp();
    });
    afterAll(() => idp?.stop());
    const session = useBrowserSession({
      server: () => {
        sso = testSsoConfig({ issuer: idp.issuer, role: 'VIEWER' });
        return { config: { sso } };
      },
      signIn: false,
      seed: async (server) => {
        sso.organizationId = server.owner.organizationId;
        await idp.register({ ...SSO_CLIENT, redirectUri: `${server.url}/api/console/sso/callback` });
      },
    });

    /** From Comply's sign-in page through the provider's login and consent pages. */
    async function signInThroughIdp(login: string) {
      await session.page.context().clearCookies();
      await session.page.goto(`${session.server.url}/signin`);
      await session.page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
      await session.page.locator('input[name="login"]').fill(login);
      await session.page.locator('input[name="password"]').fill('anything');
      await session.page.getByRole('button', { name: 'Sign-in' }).click();
      await session.page.getByRole('button', { name: 'Continue' }).click();
    }

    it('signs a new person in with the provider and shows the organization they joined', async () => {
      await signInThroughIdp('grace@sso.test');
      await session.page.getByRole('navigation', { name: 'Main' }).waitFor();
      await session.page.getByText('grace@sso.test').first().waitFor();
      const organizations = await session.page.evaluate(async () => {
        const reply = await fetch('/api/console/session');
        return ((await reply.json()) as { organizations: { id: string; role: string }[] }).organizations;
      });
      expect(organizations).toEqual([
        expect.objectContaining({ id: session.server.owner.organizationId, role: 'VIEWER' }),
      ]);
      await screenshot(session.page, 'sso-signed-in');
    });

    it('explains a refusal for a domain that is not allowed', async () => {
      await signInThroughIdp('mallory@elsewhere.test');
      await session.page
        .getByRole('alert')
        .getByText('Addresses of this domain cannot sign in here')
        .waitFor();
    });

    it('refuses the password of an address that must use single sign-on', async () => {
      await session.server.storage.users.create({ email: 'henry@sso.test', password: HARNESS_PASSWORD });
      await session.page.context().clearCookies();
      await session.page.goto(`${session.server.url}/signin`);
      await session.page.getByLabel('Email').fill('henry@sso.test');
      await session.page.getByLabel('Password').fill(HARNESS_PASSWORD);
      await session.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await session.page.getByRole('alert').getByText('sign in with Test IdP, not with a password').waitFor();
    });
  },
);
