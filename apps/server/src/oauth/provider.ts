import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Storage } from '@comply/storage';
import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import { storageAdapter } from './adapter.js';
import { metadataUrlProblem } from './metadata-guard.js';
import { MCP_SCOPES } from './scopes.js';

/** How long an access token lives (seconds): short, the client refreshes it. */
export const ACCESS_TOKEN_TTL = 10 * 60;
const REFRESH_TOKEN_TTL = 30 * 24 * 3600;
const GRANT_TTL = 365 * 24 * 3600;

/** Where the authorization server's endpoints live (the well-known documents are separate). */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;

/** The consent page of an interaction. */
export const consentPath = (uid: string) => `/oauth/consent/${uid}`;

/**
 * Signing and cookie keys shared by every instance: created once in the database, then read. Access
 * tokens are opaque and no ID token is issued, so the signing key only backs the JWKS document.
 */
async function sharedKeys(storage: Storage) {
  const stored = await storage.oauthRecords.ensure({
    model: 'ServerKeys',
    id: 'v1',
    create: () => ({
      cookieKey: randomBytes(32).toString('base64url'),
      jwk: {
        ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
        kid: randomBytes(8).toString('hex'),
        use: 'sig',
        alg: 'ES256',
      },
    }),
  });
  return stored as { cookieKey: string; jwk: Record<string, string> };
}

function safeText(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The OAuth 2.1 authorization server (oidc-provider) for the MCP endpoint `resource`: authorization
 * code with S256 PKCE only, public clients (`none`), dynamic registration and Client ID Metadata
 * Documents, RFC 8707 resource-bound opaque access tokens, rotating refresh tokens, revocation and
 * the RFC 9207 `iss` response parameter. Consent happens on Comply's own page (`consentPath`).
 */
export async function createProvider({
  storage,
  issuer,
  resource,
  allowPrivateMetadata,
  fetchMetadata,
}: {
  storage: Storage;
  issuer: string;
  resource: string;
  allowPrivateMetadata: boolean;
  /** Replaces the metadata-document fetch (tests that serve a document over a private CA). */
  fetchMetadata?: typeof fetch;
}): Promise<Provider> {
  // Loaded only when OAuth is on: the library warns at import on runtimes it does not list (Node 20).
  const { default: Provider, errors } = await import('oidc-provider');
  const keys = await sharedKeys(storage);
  const configuration: Configuration = {
    adapter: storageAdapter(storage),
    clients: [],
    jwks: { keys: [keys.jwk] },
    cookies: { keys: [keys.cookieKey] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    scopes: [...MCP_SCOPES],
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    pkce: { required: () => true },
    routes: OAUTH_ROUTES,
    interactions: { url: (_ctx, interaction) => consentPath(interaction.uid) },
    // Every authorization asks for consent: a grant is never reused from an earlier session.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL,
      Grant: GRANT_TTL,
      Interaction: 30 * 60,
      Session: 30 * 60,
      IdToken: 60,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      introspection: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource)
            throw new errors.InvalidTarget(`unknown resource; this server protects ${resource}`);
          return {
            scope: MCP_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'opaque',
          };
        },
      },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowFetch: async (_ctx: KoaContextWithOIDC, clientId: string) => {
          const problem = await metadataUrlProblem({ url: clientId, allowPrivate: allowPrivateMetadata });
          if (problem)
            throw new errors.InvalidClient('client_id metadata document fetch not allowed', problem);
          return true;
        },
      },
    },
    // The library adds its own SSRF guard (special-use addresses) as `dispatcher`; it stays
    // unless private addresses were explicitly allowed.
    fetch: (url, options) => {
      const init = { ...(options as RequestInit & { dispatcher?: unknown }) };
      if (allowPrivateMetadata) delete init.dispatcher;
      return (fetchMetadata ?? fetch)(url, init);
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization failed</title></head><body><main><h1>Authorization failed</h1>${Object.entries(
        out,
      )
        .map(([key, value]) => `<p><strong>${safeText(key)}</strong>: ${safeText(value)}</p>`)
        .join('')}</main></body></html>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  // Fastify decides which proxy headers to believe and passes on only those (see routes.ts).
  provider.proxy = true;
  return provider;
}
