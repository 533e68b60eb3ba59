import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** The redirect URI the test clients register; nothing listens there, the test reads the code off it. */
export const REDIRECT_URI = 'https://client.example.test/callback';

/**
 * The SDK's OAuthClientProvider, held in memory as a real client would hold it on disk: the SDK's
 * own `auth()` drives discovery, registration, PKCE and the token exchange through it.
 */
export class MemoryOAuthProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier: string | undefined;
  /** The authorization URL the SDK asked the user's browser to open. */
  authorizationUrl: URL | undefined;
  clientMetadataUrl?: string;

  constructor(
    private readonly options: { redirectUri?: string; clientMetadataUrl?: string; name?: string } = {},
  ) {
    this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get redirectUrl() {
    return this.options.redirectUri ?? REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.name ?? 'SDK test client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }
}

/** A minimal browser: a cookie jar and manual redirects, so each hop of the flow can be checked. */
export class CookieBrowser {
  private readonly jar = new Map<string, string>();

  constructor(private readonly origin: string) {}

  setCookie(name: string, value: string) {
    this.jar.set(name, value);
  }

  /** The jar's cookies (name, value), e.g. to hand them to another instance's browser. */
  cookies(): [string, string][] {
    return [...this.jar];
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    if (target.origin === this.origin && this.jar.size > 0) {
      headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  /** Follows redirects within the server; returns the first page or the first URL that leaves it. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let response = await this.request(url, init);
    let current = new URL(url, this.origin).href;
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      current = new URL(response.headers.get('location') ?? '', current).href;
      if (new URL(current).origin !== this.origin) return { response, url: current };
      response = await this.request(current);
    }
    return { response, url: current };
  }
}

/** An authorization request to the server at `origin` with a PKCE S256 `challenge`, back to REDIRECT_URI. */
export function authorizeUrl({
  origin,
  clientId,
  scope,
  challenge,
  resource,
}: {
  origin: string;
  clientId: string;
  scope: string;
  challenge: string;
  resource?: string;
}): URL {
  const url = new URL(`${origin}/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope,
    ...(resource === undefined ? {} : { resource }),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url;
}

/** The consent form's approving POST, as the browser sends it from `origin`: one organization, one access. */
export function approval({
  origin,
  access,
  organizationId,
}: {
  origin: string;
  access: 'read' | 'write';
  organizationId: string;
}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ decision: 'approve', access, organization_id: organizationId }),
  };
}

/** The form fields of the consent page (checked organizations, the access choices). */
export function consentForm(html: string) {
  const organizations = [...html.matchAll(/name="organization_id" value="([^"]+)"/g)].map((m) => m[1]!);
  const access = [...html.matchAll(/name="access" value="([^"]+)"/g)].map((m) => m[1]!);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  return { organizations, access, action };
}
