import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SsoConfig } from '../src/config.js';

/** The console's client at the test's provider. */
export const SSO_CLIENT = { clientId: 'comply-console', clientSecret: 'a-client-secret-for-tests' };

/** Comply's SSO settings for the test's provider: people at sso.test, SSO required for them. */
export function testSsoConfig({ issuer, role }: { issuer: string; role: SsoConfig['role'] }): SsoConfig {
  return {
    issuer,
    ...SSO_CLIENT,
    name: 'Test IdP',
    domains: ['sso.test'],
    organizationId: null,
    role,
    required: true,
  };
}

/** A client of the test's OpenID provider. */
export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * A REAL OpenID provider (oidc-provider, the certified library Comply's OAuth server uses) on a
 * random loopback port, with its development login and consent pages: any login name is accepted
 * and becomes the subject; the e-mail claim is the login, verified unless it starts with
 * `unverified`. `register` adds the relying party once its redirect URI is known.
 */
export async function startIdp(): Promise<{
  issuer: string;
  register(client: IdpClient): Promise<void>;
  stop(): Promise<void>;
}> {
  const http = createServer((_req, res) => {
    res.statusCode = 503;
    res.end('not ready');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    issuer,
    async register(client) {
      const { default: Provider } = await import('oidc-provider');
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: client.clientId,
            client_secret: client.clientSecret,
            redirect_uris: [client.redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: async (_ctx, sub) => ({
          accountId: sub,
          claims: async () => ({
            sub,
            email: sub,
            email_verified: !sub.startsWith('unverified'),
            name: `Person ${sub}`,
          }),
        }),
        cookies: { keys: ['test-idp-cookie-key'] },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true } },
      });
      http.removeAllListeners('request');
      http.on('request', provider.callback());
    },
    stop: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/**
 * Walks a browser's way through the provider's login and consent pages with fetch and a cookie
 * jar, from the authorization URL until it redirects to `stopAt`; returns that URL (the callback).
 */
export async function throughIdp({
  authorizeUrl,
  login,
  stopAt,
}: {
  authorizeUrl: string;
  login: string;
  stopAt: string;
}): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method: body ? 'POST' : 'GET', body, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(stopAt)) return next;
      url = next;
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`the provider answered ${response.status} without a form:\n${html}`);
    url = new URL(action, url).href;
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
    ).toString();
  }
  throw new Error('the provider never redirected back');
}
